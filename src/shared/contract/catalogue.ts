// Catalogue shapes of docs/product.md §3 and the product query of docs/product.md §7, shared by the
// API (which validates what it answers) and the build (which validates what it
// receives).
import { z } from '#src/shared/zod.ts';
import { PRODUCTS_PAGE_SIZE } from './constants.ts';
export { DEFAULT_STORE_ID } from './constants.ts';
import { pageParam, paged } from './envelope.ts';
import { nutritionFacts } from '../food-info.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export interface Category {
  id: string;
  description: string;
  slug: string;
  items: Category[];
}
export const category: z.ZodType<Category> = z.lazy(() =>
  z.object({ id: z.string(), description: z.string(), slug: z.string(), items: z.array(category) }),
);

export const promotion = z.object({
  description: z.string(),
  valueType: z.enum(['NEW_PRICE', 'PERCENTAGE', 'UNKNOWN']),
  value: z.number(),
  validTo: z.string(), // ISO date, shown as day/month (docs/product.md §9)
});
export type Promotion = z.infer<typeof promotion>;

const productVariant = z.object({ barcode: z.string(), description: z.string(), imageUrl: z.string().nullable() });

export const product = z.object({
  id: z.number().int(),
  barcode: z.string(),
  ref: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  um: z.enum(['PZ', 'KG']),
  purchaseUm: z.string(),
  umStep: z.number(),
  minWeight: z.number().nullable(),
  maxAmount: z.number().nullable(),
  price: z.number(),
  netPrice: z.number(),
  categoryId: z.string(),
  promotions: z.array(promotion),
  /**
   * While a promotion runs: the lowest price applied in this store in the 30
   * days before it started (Codice del consumo art. 17-bis), shown beside the
   * reduced price; null without a promotion or without any earlier price.
   */
  lowestPrice30Days: z.number().nullable(),
  available: z.boolean(),
  /** The unit price after any promotion ('3,98 €/kg', '0,33 €/l', '0,35 €/uovo', '1,20 €/pezzo'), docs/product.md §3 attrib3. */
  attrib3: z.string().nullable(),
  origin: z.string().nullable(),
  caliber: z.string().nullable(),
  productVariants: z.array(productVariant),
  ingredients: z.string().nullable(),
  allergyAdvice: z.string().nullable(),
  allergyOther: z.string().nullable(),
  nutrition: z.string().nullable(),
  storage: z.string().nullable(),
  recycling: z.string().nullable(),
  // Mandatory food information (Reg. 1169/2011 art. 9, src/shared/food-info.ts).
  // `ingredients` above is the plain list; ingredientParts marks its allergens.
  food: z.boolean(),
  ingredientParts: z.array(z.object({ text: z.string(), allergen: z.boolean() })).nullable(),
  netQuantity: z.string().nullable(),
  operatorName: z.string().nullable(),
  operatorAddress: z.string().nullable(),
  originRequired: z.boolean(),
  nutritionFacts: nutritionFacts.nullable(),
});
export type Product = z.infer<typeof product>;

/** The food label's own fields of a Product (Reg. 1169/2011 art. 9, beyond the Product of docs/product.md §3): what the product page alone shows. */
export const FOOD_LABEL_FIELDS = {
  food: true,
  ingredientParts: true,
  netQuantity: true,
  operatorName: true,
  operatorAddress: true,
  originRequired: true,
  nutritionFacts: true,
} as const;

/**
 * A product as listings and searches answer it (the Product of docs/product.md §3): the
 * food label's own fields, which only the product page shows, come with the
 * product call, its info and the export. They were some 30 % of a listing's
 * bytes.
 */
export const listedProduct = product.omit(FOOD_LABEL_FIELDS);
export type ListedProduct = z.infer<typeof listedProduct>;

/** A page of a listing, a search or a banner's products. */
export const productPage = paged(listedProduct);
/** A page of the export the static build reads: each product in full. */
export const productExportPage = paged(product);

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /cli/ecommerce/products/{storeId}/ — sort as 'price-ASC' or sort=price&direction=ASC (docs/product.md §7, §9). */
export const productQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    p: pageParam,
    s: z.coerce.number().int().min(1).max(100).default(PRODUCTS_PAGE_SIZE),
    category: z
      .string()
      .regex(/^[0-9]{2,6}$/, 'categoria non valida')
      .optional(),
    onlyPromotions: flag.optional(),
    onlyBranded: flag.optional(),
    tag: z.coerce.number().int().positive().optional(),
    sort: z
      .string()
      .regex(/^(price|description)(-(ASC|DESC))?$/, 'ordinamento non valido')
      .optional(),
    direction: z.enum(['ASC', 'DESC']).optional(),
  })
  .strict();
export type ProductQuery = z.infer<typeof productQuery>;

export const storeIdParam = z.coerce.number().int().positive().max(99_999_999);
export const barcodeParam = z.string().regex(/^[0-9]{8,14}$/, 'codice a barre non valido');

export const tag = z.object({ id: z.number().int(), description: z.string(), imageUrl: z.string().nullable() });
export type Tag = z.infer<typeof tag>;
