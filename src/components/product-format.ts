// Pure rules for showing a product (docs/product.md §9): promotion badge, frozen marker,
// the approximate weight of one step of a variable-weight product, and the
// category path behind a product's categoryId. No DOM: used by the build and
// tested beside this file.
import { routes } from '#src/shared/routes.ts';
import type { Category, Product, Promotion } from '#src/shared/contract/catalogue.ts';
import { formatDayMonth } from '#src/shared/time.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { formatDecimal } from '#src/shared/number-format.ts';

/** Frozen products have a categoryId starting with 04 (docs/product.md §3, §9). */
export const isFrozen = (product: Pick<Product, 'categoryId'>): boolean => product.categoryId.startsWith('04');

export interface PromotionBadge {
  /** '-20%' */
  label: string;
  /** 'fino al 31/12' */
  until: string;
}

/** NEW_PRICE: percent computed from price and the new price; otherwise the value is a percent (docs/product.md §9). */
export function promotionBadge(price: number, promo: Promotion): PromotionBadge | null {
  const percent =
    promo.valueType === 'NEW_PRICE'
      ? price > 0
        ? Math.round(((price - promo.value) / price) * 100)
        : 0
      : Math.round(promo.value);
  if (percent <= 0) return null;
  return { label: `-${percent}%`, until: `fino al ${formatDayMonth(promo.validTo)}` };
}

/**
 * The line every shown promotion carries (Codice del consumo art. 17-bis): the
 * lowest price applied in the store in the 30 days before the reduction. Null
 * when no promotion is shown or the store has no earlier price for it.
 */
export function lowestPriceLine(p: {
  price: number;
  promotions: Promotion[];
  lowestPrice30Days?: number | null | undefined;
}): string | null {
  const promo = p.promotions[0];
  if (!promo || p.lowestPrice30Days === null || p.lowestPrice30Days === undefined || !promotionBadge(p.price, promo))
    return null;
  return `Prezzo più basso degli ultimi 30 giorni: ${formatEuro(p.lowestPrice30Days)}`;
}

/**
 * One step of a variable-weight product as an approximation: rounded up to
 * 10 g, in g below 1000 g and in kg from there (docs/product.md §9): 0.3 → 'circa 300 g',
 * 1.5 → 'circa 1,5 kg'.
 */
export function approxWeight(kg: number): string {
  // Round away float noise first (0.29999…), then up to the next 10 g.
  const grams = Math.ceil(Math.round(kg * 100_000) / 100 / 10) * 10;
  return grams < 1000 ? `circa ${grams} g` : `circa ${formatDecimal(grams / 1000, { maximumFractionDigits: 2 })} kg`;
}

/** The categories from the top level down to the one with this id (empty when unknown). */
export function categoryPath(tree: Category[], id: string): Category[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    if (id.startsWith(node.id)) {
      const below = categoryPath(node.items, id);
      if (below.length > 0) return [node, ...below];
    }
  }
  return [];
}

/** The page of a category path: /category/{first}[/{second}[/{third}]]. */
export const categoryHref = (path: Category[]): string => routes.category(path.map((c) => c.slug));
