// Cart rows and totals, always recomputed from the store's current prices
// (docs/product.md §9 fees and limits). Pure: no database.
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import { WATER_PACK_FEE_CENTS, WATER_PACKS_INCLUDED } from '#src/shared/contract/cart.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import { isDelivered } from '#src/shared/delivery-modes.ts';
import { rowCents } from '#src/shared/row-price.ts';

export interface CartLine {
  itemId: number;
  amount: number | null;
  weight: number | null;
  /** The product now, for the cart's store; null when the store no longer sells it. */
  product: Product | null;
  /** What the shopper saw when adding it (used when the product is gone). */
  snapshot: {
    barcode: string;
    description: string;
    ref: string;
    imageUrl: string | null;
    um: 'PZ' | 'KG';
    priceCents: number;
  };
  waterPack: boolean;
  /** The row's choice of substitute; null: the order's consent decides. */
  replacement: CartItem['replacement'];
  /** Its item, once toCartItem made it (cart-answer.ts keeps the item's JSON on it in turn). */
  item?: CartItem | undefined;
}

export interface StoreTerms {
  deliveryFeeCents: number;
  bagFeeCents: number;
  minNetTotalCents: number;
}

const quantityOf = (line: CartLine) => (line.snapshot.um === 'KG' ? (line.weight ?? 0) : (line.amount ?? 0));

/**
 * The line's item, made once and kept on the line: a cart write's other rows come from the cart
 * memo as the same line objects from one write to the next (cart.ts), and a line is never changed
 * once made.
 */
export function toCartItem(line: CartLine): CartItem {
  line.item ??= cartItemOf(line);
  return line.item;
}

function cartItemOf(line: CartLine): CartItem {
  const p = line.product;
  const available = p?.available ?? false;
  const netCents = p ? toCents(p.netPrice) : line.snapshot.priceCents;
  return {
    id: line.itemId,
    ref: p?.ref ?? line.snapshot.ref,
    barcode: line.snapshot.barcode,
    description: p?.description ?? line.snapshot.description,
    imageUrl: p?.imageUrl ?? line.snapshot.imageUrl,
    um: line.snapshot.um,
    purchaseUm: p?.purchaseUm ?? line.snapshot.um,
    amount: line.amount,
    weight: line.weight,
    umStep: p?.umStep ?? 1,
    minWeight: p?.minWeight ?? null,
    maxAmount: p?.maxAmount ?? null,
    price: p ? p.price : toEuro(line.snapshot.priceCents),
    netPrice: toEuro(netCents),
    rowNetPrice: available ? toEuro(rowCents(netCents, quantityOf(line))) : 0,
    promotions: p?.promotions ?? [],
    lowestPrice30Days: p?.lowestPrice30Days ?? null,
    vatConfigurationId: null,
    attrib3: p?.attrib3 ?? null,
    available,
    status: available ? 'ok' : 'danger',
    operatorAmount: null,
    operatorTotal: null,
    replacement: line.replacement ?? null,
  };
}

export function waterPacks(lines: CartLine[]): number {
  return lines.filter((l) => l.waterPack && l.product?.available).reduce((n, l) => n + (l.amount ?? 0), 0);
}

export function cartTotals(lines: CartLine[], deliveryMode: Cart['deliveryMode'], terms: StoreTerms) {
  const items = lines.map(toCartItem);
  const netCents = items.reduce((sum, i) => sum + toCents(i.rowNetPrice), 0);
  const fees: Cart['fees'] = [];
  if (isDelivered(deliveryMode) && items.length > 0) {
    fees.push({ id: 'DELIVERY', description: 'Costo di consegna', value: toEuro(terms.deliveryFeeCents) });
    const extraPacks = Math.max(0, waterPacks(lines) - WATER_PACKS_INCLUDED);
    if (extraPacks > 0)
      fees.push({
        id: 'WATER_PACKS',
        description: `Confezioni d'acqua oltre le ${WATER_PACKS_INCLUDED} incluse (${extraPacks})`,
        value: toEuro(extraPacks * WATER_PACK_FEE_CENTS),
      });
  }
  if (terms.bagFeeCents > 0 && items.length > 0) {
    // One bag every 8 pieces (a weighed row counts as one piece).
    const pieces = items.filter((i) => i.available).reduce((n, i) => n + (i.um === 'PZ' ? (i.amount ?? 0) : 1), 0);
    const bags = Math.ceil(pieces / 8);
    if (bags > 0) fees.push({ id: 'BAGS', description: `Buste (${bags})`, value: toEuro(bags * terms.bagFeeCents) });
  }
  const feeCents = fees.reduce((sum, f) => sum + toCents(f.value), 0);
  return {
    items,
    itemsCount: items.length,
    netTotal: toEuro(netCents),
    total: toEuro(netCents + feeCents),
    totalToPay: toEuro(netCents + feeCents),
    minNetTotal: toEuro(terms.minNetTotalCents),
    fees,
  };
}
