// What an order allows in each status (docs/product.md §4 Order statuses, decision 014),
// once for the screens that show the buttons and the server that refuses the
// rest (4205). The lifecycle of the cooperative's terms, in the spec's statuses:
//
//   booking ─▶ TO_BE_PREPARED   the pre-order is with the store (slot held)
//     store confirms availability ─▶ PAYMENT_PENDING   confirmed, rows maybe unavailable or substituted
//       shopper pays (card hold) or accepts (cash, bancomat) ─▶ IN_PREPARATION   pickup code issued
//         store picks the amounts, hands over ─▶ TO_BE_COLLECTED | TO_BE_DELIVERED
//           ─▶ ISSUING_RECEIPT ─▶ COLLECTED | DELIVERED   (or NOT_COLLECTED | REFUSED)
//
// The shopper may cancel (ABORTED) until the receipt is issued, and modify a
// waiting order (ABORTED, its rows back in a cart). An order left waiting for
// the store or the shopper past its deadline expires (ABORTED, by the system).
// The store may cancel (CANCELLED) until it hands the order over.
import { type OrderStatus, orderStatusLabels } from './contract/checkout.ts';
import { isPickup } from './delivery-modes.ts';
import { addDays, romeTime } from './calendar.ts';
import { isoDate, pad2, romeWallClock } from './rome-clock.ts';
import { formatEuro } from './contract/money.ts';

/**
 * Where the store may move an order with a status change; the server refuses anything else (4205).
 * Confirming availability (TO_BE_PREPARED → PAYMENT_PENDING) is a call of its own, with the rows' outcomes.
 */
export function nextStatuses(status: OrderStatus, mode: string): OrderStatus[] {
  switch (status) {
    case 'TO_BE_PREPARED':
    case 'PAYMENT_PENDING':
      return ['CANCELLED'];
    case 'IN_PREPARATION':
      return [isPickup(mode) ? 'TO_BE_COLLECTED' : 'TO_BE_DELIVERED', 'CANCELLED'];
    case 'TO_BE_COLLECTED':
      return ['ISSUING_RECEIPT', 'NOT_COLLECTED'];
    case 'TO_BE_DELIVERED':
      return ['ISSUING_RECEIPT', 'REFUSED'];
    case 'ISSUING_RECEIPT':
      return [isPickup(mode) ? 'COLLECTED' : 'DELIVERED'];
    default:
      return [];
  }
}

/** The shopping is still going on: the store works on these, and the profile cannot be deleted automatically. */
export const OPEN_STATUSES: OrderStatus[] = [
  'PAYMENT_PENDING',
  'TO_BE_PREPARED',
  'IN_PREPARATION',
  'TO_BE_COLLECTED',
  'TO_BE_DELIVERED',
  'ISSUING_RECEIPT',
];

/** Waiting for someone before the store prepares it: the store's confirmation, then the shopper's payment or acceptance. These expire. */
export const WAITING_STATUSES: OrderStatus[] = ['TO_BE_PREPARED', 'PAYMENT_PENDING'];

/** The store may confirm the availability of a pre-order. */
export const canConfirm = (status: OrderStatus): boolean => status === 'TO_BE_PREPARED';

/** The customer may cancel until the receipt is issued (the slot place is freed, a card hold released). */
export const canAbort = (status: OrderStatus): boolean =>
  status === 'TO_BE_PREPARED' ||
  status === 'PAYMENT_PENDING' ||
  status === 'IN_PREPARATION' ||
  status === 'TO_BE_COLLECTED' ||
  status === 'TO_BE_DELIVERED';

/** A confirmed card order waiting for its payment (the hold of the confirmed amount). */
export const canPayNow = (status: OrderStatus, paymentMode?: string | null): boolean =>
  status === 'PAYMENT_PENDING' && (paymentMode === undefined || paymentMode === 'XPAY');

/** A confirmed order paid in store (cash, bancomat) waiting for the shopper to accept it. */
export const canAccept = (status: OrderStatus, paymentMode: string | null): boolean =>
  status === 'PAYMENT_PENDING' && paymentMode !== 'XPAY';

/** The shopper may take a waiting order back into a cart, change it and book again. */
export const canModify = (status: OrderStatus): boolean => WAITING_STATUSES.includes(status);

/** Picked amounts may be set only while the order is being prepared. */
export const canPick = (status: OrderStatus): boolean => status === 'IN_PREPARATION';

/** Not prepared yet: the picked amounts, if any, are not shown to the customer. */
export const notYetPrepared = (status: OrderStatus): boolean =>
  status === 'TO_BE_PREPARED' || status === 'PAYMENT_PENDING' || status === 'IN_PREPARATION';

/** The order shows the rows as ordered (or as the store confirmed them): not prepared yet, or stopped before. */
export const showsOrderedRows = (status: OrderStatus): boolean => notYetPrepared(status) || status === 'ABORTED';

/** The label of a status for the shopper: a confirmed order waits for a payment (card) or for an acceptance. */
export function statusLabel(status: OrderStatus, paymentMode: string | null): string {
  if (status === 'PAYMENT_PENDING' && paymentMode !== 'XPAY') return 'Confermato: in attesa della tua accettazione';
  return orderStatusLabels[status];
}

/** The store has until the slot's booking cut-off to confirm a pre-order: later, it could not prepare it in time. */
export function confirmDeadline(slotStart: Date, cutoffMinutes: number): Date {
  return new Date(slotStart.getTime() - cutoffMinutes * 60_000);
}

// How long a confirmed order beyond the shopper's choices waits for them (decision 018).
const MINUTE = 60_000;
/** The night in Rome, from 22:00 to 07:00: no deadline ends in it, no reminder is sent in it. */
const NIGHT_FROM_HOUR = 22;
const NIGHT_TO_HOUR = 7;
/** The least time the shopper has to answer, counted in waking hours from the confirmation. */
const MIN_ANSWER_MINUTES = 60;
/** However late, the store has the answer this long before the slot starts. */
const ANSWER_BEFORE_SLOT_MINUTES = 30;
/** The reminder goes this long before the deadline (or halfway through a shorter wait). */
const REMIND_BEFORE_MINUTES = 60;

const inNight = (at: Date): boolean => {
  const hour = romeWallClock(at).hour;
  return hour >= NIGHT_FROM_HOUR || hour < NIGHT_TO_HOUR;
};

/** The end of the night an instant falls in (07:00 in Rome), or the instant itself by day. */
function afterNight(at: Date): Date {
  if (!inNight(at)) return at;
  const c = romeWallClock(at);
  const day = isoDate(c.year, c.month, c.day);
  const morning = romeTime(day, `${pad2(NIGHT_TO_HOUR)}:00`);
  return c.hour < NIGHT_TO_HOUR ? morning : romeTime(addDays(day, 1), `${pad2(NIGHT_TO_HOUR)}:00`);
}

/** The start of the night an instant falls in (22:00 in Rome, the evening before when after midnight). */
function beforeNight(at: Date): Date {
  const c = romeWallClock(at);
  const day = isoDate(c.year, c.month, c.day);
  return romeTime(c.hour < NIGHT_TO_HOUR ? addDays(day, -1) : day, `${pad2(NIGHT_FROM_HOUR)}:00`);
}

/**
 * Until when a confirmed order beyond the shopper's choices waits for them: the slot's booking
 * cut-off, as the store planned; but never less than MIN_ANSWER_MINUTES of waking time after the
 * confirmation (a confirmation at 22:00 gives until 08:00), never in the night (moved to 07:00),
 * and always ANSWER_BEFORE_SLOT_MINUTES before the slot starts.
 */
export function answerDeadline(confirmedAt: Date, slotStart: Date, cutoffMinutes: number): Date {
  const latest = slotStart.getTime() - ANSWER_BEFORE_SLOT_MINUTES * MINUTE;
  const earliest = afterNight(confirmedAt).getTime() + MIN_ANSWER_MINUTES * MINUTE;
  let deadline = Math.max(confirmDeadline(slotStart, cutoffMinutes).getTime(), earliest);
  if (inNight(new Date(deadline))) deadline = afterNight(new Date(deadline)).getTime();
  return new Date(Math.max(Math.min(deadline, latest), confirmedAt.getTime()));
}

/**
 * When the reminder of an order waiting for the shopper goes: REMIND_BEFORE_MINUTES before its
 * deadline, or halfway through a shorter wait; one due in the night goes before it starts (or at
 * the confirmation, when that is in the night already).
 */
export function reminderAt(confirmedAt: Date, deadline: Date): Date {
  const wait = deadline.getTime() - confirmedAt.getTime();
  const at = new Date(deadline.getTime() - Math.min(REMIND_BEFORE_MINUTES * MINUTE, wait / 2));
  if (!inNight(at)) return at;
  const evening = beforeNight(at).getTime() - 30 * MINUTE;
  return new Date(Math.max(evening, confirmedAt.getTime()));
}

/** The limits a shopper may choose at checkout for changes that go through without asking them (euro). */
export const ACCEPT_CHANGES_LIMITS = [5, 10, 20] as const;

/** What the shopper let the store's confirmation do, in words (checkout, the order, the store's screen). */
export function choicesText(choices: { acceptChanges: boolean; acceptChangesLimit: number | null }): string {
  return choices.acceptChanges
    ? `Confermato senza chiederti se il totale cambia al massimo di ${formatEuro(choices.acceptChangesLimit ?? 0)}`
    : 'Ti chiediamo conferma se un prodotto manca o viene sostituito';
}

/**
 * Whether the store's confirmation goes through without the shopper (decision 018): every row as
 * ordered always does; with changes (rows unavailable or substituted as the shopper allowed) when
 * the shopper accepted changes and the total moves by at most their limit, either way.
 */
export function withinChoices(
  changed: boolean,
  deltaCents: number,
  choices: { acceptChanges: boolean; limitCents: number | null },
): boolean {
  if (!changed) return true;
  return choices.acceptChanges && Math.abs(deltaCents) <= (choices.limitCents ?? 0);
}
