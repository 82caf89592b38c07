// The store's side of an order, as the staff screen needs it: who may use it
// and which buttons an order gets. The transitions, labels and row prices are
// the shared ones the server enforces (src/shared/order-states.ts and friends).
import { formatDateTime, romeDayOf } from '#src/lib/dates.ts';
import type { CartItem, Replacement } from '#src/shared/contract/cart.ts';
import { type Order, type OrderStatus, orderStatusLabels } from '#src/shared/contract/checkout.ts';
import { formatEuro, toCents, toEuro } from '#src/shared/contract/money.ts';
import { round3, rowCents } from '#src/shared/row-price.ts';

/** The button that moves an order to a status (only the ones nextStatuses allows are shown). */
export const actionLabels: Record<OrderStatus, string> = {
  IN_PREPARATION: 'Conferma e avvia la preparazione',
  TO_BE_COLLECTED: 'Pronto per il ritiro',
  TO_BE_DELIVERED: 'Affida alla consegna',
  ISSUING_RECEIPT: 'Emetti scontrino',
  COLLECTED: 'Chiudi come ritirato',
  DELIVERED: 'Chiudi come consegnato',
  NOT_COLLECTED: 'Non ritirato dal cliente',
  REFUSED: 'Rifiutato dal cliente',
  CANCELLED: 'Annulla ordine',
  ABORTED: 'Annulla',
  TO_BE_PREPARED: 'Da preparare',
  PAYMENT_PENDING: 'In attesa di pagamento',
};

/** Statuses that end or stop the order: their buttons ask for a confirmation. */
export const isStopping = (status: OrderStatus): boolean => ['CANCELLED', 'NOT_COLLECTED', 'REFUSED'].includes(status);

/** A picked amount as typed ('0,8' or '0.8'): a number ≥ 0, to 3 decimals as rows keep it; null when unreadable. */
export function parseAmount(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1000 ? round3(value) : null;
}

/** Orders grouped by slot start, in time order (the screen shows the day's work slot by slot). */
export function bySlot(
  orders: Order[],
): { key: string; validFrom: string | null; validTo: string | null; orders: Order[] }[] {
  const groups = new Map<string, { key: string; validFrom: string | null; validTo: string | null; orders: Order[] }>();
  for (const o of orders) {
    const slot = o.cart.delivery.timeSlot;
    const key = slot?.validFrom ?? 'none';
    if (!groups.has(key))
      groups.set(key, { key, validFrom: slot?.validFrom ?? null, validTo: slot?.validTo ?? null, orders: [] });
    groups.get(key)!.orders.push(o);
  }
  return [...groups.values()].sort((a, b) => (a.validFrom ?? '9').localeCompare(b.validFrom ?? '9'));
}

/** What a slot's orders wait for, in the order of the day's work: each step with its count, empty steps left out. */
const SLOT_STEPS: [label: string, statuses: OrderStatus[]][] = [
  ['da confermare', ['TO_BE_PREPARED']],
  ['in attesa del cliente', ['PAYMENT_PENDING']],
  ['in preparazione', ['IN_PREPARATION']],
  ['pronti o in consegna', ['TO_BE_COLLECTED', 'TO_BE_DELIVERED', 'ISSUING_RECEIPT']],
];
export function slotSummary(orders: Pick<Order, 'status'>[]): string {
  return SLOT_STEPS.flatMap(([label, statuses]) => {
    const n = orders.filter((o) => statuses.includes(o.status)).length;
    return n ? [`${n} ${label}`] : [];
  }).join(' · ');
}

/** Orders grouped by day (Rome), then by slot, both in time order. */
export function byDay(orders: Order[]): { day: string | null; slots: ReturnType<typeof bySlot> }[] {
  const days = new Map<string | null, ReturnType<typeof bySlot>>();
  for (const slot of bySlot(orders)) {
    const day = slot.validFrom ? romeDayOf(slot.validFrom) : null;
    if (!days.has(day)) days.set(day, []);
    days.get(day)!.push(slot);
  }
  return [...days].map(([day, slots]) => ({ day, slots }));
}

/** The quantity ordered in a row: pieces, or kilograms for weighed products. */
export const orderedQuantity = (item: Pick<CartItem, 'um' | 'amount' | 'weight'>): number =>
  (item.um === 'KG' ? item.weight : item.amount) ?? 0;

/** What a row costs for a picked amount, in euro: the shared row price the server charges. */
export const pickedRowTotal = (item: Pick<CartItem, 'netPrice'>, amount: number): number =>
  toEuro(rowCents(toCents(item.netPrice), amount));

/** Products picked and the order's total (fees included) for the amounts typed; null while one is unreadable. */
export function pickedTotals(
  order: Pick<Order, 'cart'>,
  typed: Record<number, string>,
): { net: number; total: number } | null {
  let cents = 0;
  for (const item of order.cart.items) {
    const amount = parseAmount(typed[item.id] ?? '');
    if (amount === null) return null;
    cents += Math.round(pickedRowTotal(item, amount) * 100);
  }
  const fees = order.cart.fees.reduce((sum, f) => sum + Math.round(f.value * 100), 0);
  return { net: cents / 100, total: (cents + fees) / 100 };
}

/** True when a typed amount differs from the one the server holds (or none was saved yet). */
export const unsaved = (order: Pick<Order, 'cart'>, typed: Record<number, string>): boolean =>
  order.cart.items.some((i) => i.operatorAmount === null || parseAmount(typed[i.id] ?? '') !== i.operatorAmount);

/**
 * The status as the store reads it: a confirmed cash or bancomat order waits for the shopper's
 * acceptance (the shopper's own label says «tua»), a card order for the payment.
 */
export const staffStatusLabel = (status: OrderStatus, paymentMode: string | null): string =>
  status === 'PAYMENT_PENDING' && paymentMode !== 'XPAY'
    ? "Confermato: in attesa dell'accettazione del cliente"
    : orderStatusLabels[status];

/**
 * Who or what an order waits for, as the store reads it (decision 018): before the confirmation,
 * what the shopper lets it do; after it, whether it went through on its own, waits for the shopper
 * (until when), or was paid.
 */
export function waitingLabel(order: Order): { label: string; text: string } {
  if (order.status === 'TO_BE_PREPARED')
    return {
      label: 'Alla conferma',
      text: order.acceptChanges
        ? `va avanti da sola se il totale cambia al massimo di ${formatEuro(order.acceptChangesLimit ?? 0)}`
        : 'il cliente vuole confermare ogni variazione',
    };
  if (order.status === 'PAYMENT_PENDING')
    return {
      label: 'In attesa del cliente',
      text: order.expiresAt ? `fino a ${formatDateTime(order.expiresAt)}` : 'senza scadenza',
    };
  if (order.withinChoices) return { label: 'Conferma', text: 'andata avanti da sola, entro le scelte del cliente' };
  return {
    label: 'Conferma',
    text: order.confirmedAt
      ? order.cart.paymentMode === 'XPAY'
        ? 'pagata dal cliente'
        : 'accettata dal cliente'
      : '—',
  };
}

/** The shopper's choice of substitute for a row, as the store reads it before confirming (a booked row always has one). */
export function replacementText(replacement: Replacement | null | undefined): string {
  if (replacement?.mode === 'NONE') return 'Non sostituire';
  if (replacement?.mode === 'PRODUCT')
    return `Sostituto scelto dal cliente: ${replacement.description ?? replacement.barcode ?? ''}${
      replacement.price === null ? '' : ` (${formatEuro(replacement.price)})`
    }`;
  return 'Sostituisci con prodotto simile';
}

/** The store may substitute a row unless the shopper asked for no substitute. */
export const substitutable = (replacement: Replacement | null | undefined): boolean => replacement?.mode !== 'NONE';

export type RowOutcome = 'AVAILABLE' | 'UNAVAILABLE' | 'SUBSTITUTED';
/** What the operator chose for a row: its outcome and, for a similar product, the substitute's barcode as typed. */
export interface RowChoice {
  outcome: RowOutcome;
  barcode: string;
}
export interface ConfirmedRow {
  id: number;
  outcome: RowOutcome;
  substituteBarcode?: string;
}

/**
 * The rows of the confirm call for the operator's choices (unlisted rows are available): a named
 * replacement is that product, a similar one the barcode typed or found; a message when one is missing.
 */
export function confirmedRows(
  items: Pick<CartItem, 'id' | 'description' | 'replacement'>[],
  choices: Record<number, RowChoice>,
): { rows: ConfirmedRow[] } | { problem: string } {
  const rows: ConfirmedRow[] = [];
  for (const item of items) {
    const choice = choices[item.id] ?? { outcome: 'AVAILABLE', barcode: '' };
    if (choice.outcome !== 'SUBSTITUTED') {
      rows.push({ id: item.id, outcome: choice.outcome });
      continue;
    }
    if (!substitutable(item.replacement))
      return { problem: `Il cliente non vuole sostituzioni per «${item.description}».` };
    const barcode =
      item.replacement?.mode === 'PRODUCT' ? (item.replacement.barcode ?? '') : choice.barcode.replace(/\s/g, '');
    if (!/^[0-9]{8,14}$/.test(barcode))
      return {
        problem: `Indica il sostituto di «${item.description}»: cercalo per nome o scrivi il codice a barre (da 8 a 14 cifre).`,
      };
    rows.push({ id: item.id, outcome: 'SUBSTITUTED', substituteBarcode: barcode });
  }
  return { rows };
}
