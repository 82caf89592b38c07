// Mandatory food information (Reg. (EU) 1169/2011 art. 9 and 14): what a
// food's page must show before purchase, shared by the feed's import report
// (which lists what a product lacks) and the product page (which says
// "Informazione non disponibile" instead of hiding a missing field).
//
// Allergens in the ingredients list are marked in the feed's text with
// underscores, `Semola di _grano duro_, acqua`: plain text, never HTML. The
// page turns each marked run into <strong> through Astro's escaping, so no
// markup from the feed ever reaches the browser (docs/catalogue-feed.md).
import { z } from '#src/shared/zod.ts';
import { formatDecimal } from './number-format.ts';

/** One nutrient amount in grams per 100 g / 100 ml (0–100). */
const grams = z.number().min(0).max(100);

/** The nutrition declaration per 100 g or 100 ml, in the order of Reg. 1169/2011 annex XV. */
export const nutritionFacts = z
  .object({
    per: z.enum(['100 g', '100 ml']),
    energyKj: z.number().min(0).max(4000),
    energyKcal: z.number().min(0).max(1000),
    fat: grams,
    saturates: grams,
    carbohydrate: grams,
    sugars: grams,
    /** Optional in the declaration (art. 30.2). */
    fibre: grams.nullable().optional(),
    protein: grams,
    salt: grams,
  })
  .refine((n) => n.saturates <= n.fat, { message: 'acidi grassi saturi oltre i grassi', path: ['saturates'] })
  .refine((n) => n.sugars <= n.carbohydrate, { message: 'zuccheri oltre i carboidrati', path: ['sugars'] });
export type NutritionFacts = z.infer<typeof nutritionFacts>;

/** The rows of the nutrition table, in the regulation's order (annex XV). */
export const NUTRITION_ROWS = [
  { key: 'fat', label: 'Grassi', sub: false },
  { key: 'saturates', label: 'di cui acidi grassi saturi', sub: true },
  { key: 'carbohydrate', label: 'Carboidrati', sub: false },
  { key: 'sugars', label: 'di cui zuccheri', sub: true },
  { key: 'fibre', label: 'Fibre', sub: false },
  { key: 'protein', label: 'Proteine', sub: false },
  { key: 'salt', label: 'Sale', sub: false },
] as const;

export interface IngredientPart {
  text: string;
  /** An allergen of annex II: shown in bold in the list (art. 21). */
  allergen: boolean;
}

/** True when every `_` opening an allergen has its closing one. */
export const balancedAllergenMarks = (text: string): boolean => (text.match(/_/g)?.length ?? 0) % 2 === 0;

/** The list split into plain and allergen runs: `a _b_ c` → a, **b**, c. */
export function ingredientParts(text: string): IngredientPart[] {
  return text
    .split('_')
    .map((t, i) => ({ text: t, allergen: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}

/** The list without its marks, as a plain text field shows it. */
export const plainIngredients = (text: string): string => text.replaceAll('_', '');

/** What decides which fields a product must have. */
export interface FoodInfoFields {
  food?: boolean | null | undefined;
  /** The feed's text, allergens marked with `_`… */
  ingredients?: string | null | undefined;
  /** …or, as the API answers it, the list already split (the plain text has no marks). */
  ingredientParts?: readonly IngredientPart[] | null | undefined;
  allergyAdvice?: string | null | undefined;
  netQuantity?: string | null | undefined;
  storage?: string | null | undefined;
  operatorName?: string | null | undefined;
  operatorAddress?: string | null | undefined;
  originRequired?: boolean | null | undefined;
  origin?: string | null | undefined;
  nutritionFacts?: unknown;
}

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/**
 * The mandatory food information a product lacks, in Italian, in the order the
 * page shows it; empty for a complete food and for a non-food product.
 */
export function missingFoodInfo(p: FoodInfoFields): string[] {
  if (p.food === false) return [];
  const missing: string[] = [];
  if (blank(p.netQuantity)) missing.push('quantità netta');
  if (blank(p.ingredients)) missing.push('ingredienti');
  else if (
    !blank(p.allergyAdvice) &&
    !(p.ingredientParts ? p.ingredientParts.some((x) => x.allergen) : p.ingredients!.includes('_'))
  ) {
    missing.push('allergeni evidenziati negli ingredienti');
  }
  if (blank(p.storage)) missing.push('condizioni di conservazione');
  if (blank(p.operatorName)) missing.push("nome dell'operatore");
  if (blank(p.operatorAddress)) missing.push("indirizzo dell'operatore");
  if (p.originRequired && blank(p.origin)) missing.push('paese di origine');
  if (p.nutritionFacts === null || p.nutritionFacts === undefined) missing.push('dichiarazione nutrizionale');
  return missing;
}

/** Grams as the label shows them: '1,5 g', '0,02 g', '0 g'. */
export const formatGrams = (g: number): string =>
  `${formatDecimal(g, { maximumFractionDigits: g > 0 && g < 0.1 ? 2 : 1 })} g`;

/** The words of a missing field on the page. */
export const NOT_AVAILABLE = 'Informazione non disponibile';
