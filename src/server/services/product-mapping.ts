// One mapping from a product row (with its store price and promotion) to the
// Product of the contract.
import { FOOD_LABEL_FIELDS, type ListedProduct, type Product, type Promotion } from '#src/shared/contract/catalogue.ts';
import { formatEuro, toEuro } from '#src/shared/contract/money.ts';
import type { Database } from '../db/schema.ts';
import { ingredientParts, plainIngredients } from '#src/shared/food-info.ts';
import type { Selectable } from 'kysely';

export type ProductRow = Omit<Selectable<Database['products']>, 'search_text' | 'search_doc' | 'store_ids'> & {
  price_cents: number;
  available: boolean;
  promo_description: string | null;
  promo_type: Promotion['valueType'] | null;
  promo_value: number | null;
  promo_valid_to: string | Date | null;
  /** The promotion's lowest price of the 30 days before it (migration 0009). */
  promo_lowest_cents: number | null;
};

/** The price after the promotion, in cents. */
function netPriceCents(priceCents: number, promo: { type: Promotion['valueType']; value: number } | null): number {
  if (!promo) return priceCents;
  if (promo.type === 'NEW_PRICE') return Math.min(priceCents, Math.round(promo.value * 100));
  if (promo.type === 'PERCENTAGE') return Math.round((priceCents * (100 - promo.value)) / 100);
  return priceCents;
}

const isoDate = (d: string | Date): string => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/**
 * The unit price (Codice del consumo art. 14–17) from the store's price after
 * its promotion, so it never disagrees with the price shown: per the pack's
 * content when known ('2,90 €/kg', '0,35 €/uovo'), per kg for a product sold
 * by weight, otherwise per piece ('1,20 €/pezzo').
 */
function unitPrice(row: Pick<ProductRow, 'unit_quantity' | 'unit_label' | 'um'>, netCents: number): string {
  const quantity = row.unit_quantity === null ? null : Number(row.unit_quantity);
  if (quantity && row.unit_label) return `${formatEuro(netCents / 100 / quantity)}/${row.unit_label}`;
  return `${formatEuro(netCents / 100)}/${row.um === 'KG' ? 'kg' : 'pezzo'}`;
}

export function toProduct(row: ProductRow, images: string[], variants: Product['productVariants']): Product {
  const promo =
    row.promo_type && row.promo_value !== null ? { type: row.promo_type, value: Number(row.promo_value) } : null;
  const promotions: Promotion[] =
    promo && row.promo_valid_to
      ? [
          {
            description: row.promo_description ?? '',
            valueType: promo.type,
            value: promo.value,
            validTo: isoDate(row.promo_valid_to),
          },
        ]
      : [];
  return {
    id: row.id,
    barcode: row.barcode,
    ref: row.ref,
    description: row.description,
    brand: row.brand,
    imageUrl: row.image_url,
    images: images.length > 0 ? images : row.image_url ? [row.image_url] : [],
    um: row.um,
    purchaseUm: row.purchase_um,
    umStep: Number(row.um_step),
    minWeight: row.min_weight === null ? null : Number(row.min_weight),
    maxAmount: row.max_amount === null ? null : Number(row.max_amount),
    price: toEuro(row.price_cents),
    netPrice: toEuro(netPriceCents(row.price_cents, promo)),
    categoryId: row.category_id,
    promotions,
    lowestPrice30Days:
      promotions.length > 0 && row.promo_lowest_cents !== null ? toEuro(Number(row.promo_lowest_cents)) : null,
    available: row.available,
    attrib3: unitPrice(row, netPriceCents(row.price_cents, promo)),
    origin: row.origin,
    caliber: row.caliber,
    productVariants: variants,
    ingredients: row.ingredients === null ? null : plainIngredients(row.ingredients),
    allergyAdvice: row.allergy_advice,
    allergyOther: row.allergy_other,
    nutrition: row.nutrition,
    storage: row.storage,
    recycling: row.recycling,
    food: row.food,
    ingredientParts: row.ingredients === null ? null : ingredientParts(row.ingredients),
    netQuantity: row.net_quantity,
    operatorName: row.operator_name,
    operatorAddress: row.operator_address,
    originRequired: row.origin_required,
    nutritionFacts: row.nutrition_facts,
  };
}

/** A product as listings, searches and banners answer it (listedProduct): without the food label's own fields. */
export function toListedProduct(row: ProductRow): ListedProduct {
  const entries = Object.entries(toProduct(row, [], [])).filter(([key]) => !(key in FOOD_LABEL_FIELDS));
  return Object.fromEntries(entries) as ListedProduct;
}
