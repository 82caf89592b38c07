// The shopper's last answers of the calls a page shows offline (the cart, the shopping
// lists, the first page of the orders and the order last opened), each kept in
// localStorage with the customer it belongs to, as the session and the header's cart
// summary are: read only when the call got no answer at all (unreachable below), never
// sent anywhere, and all forgotten at logout (offline-caches.ts).
import { ApiError, isOffline } from '#src/lib/api-client.ts';

const KEYS = {
  cart: 'spesa.lastCart',
  lists: 'spesa.lastLists',
  orders: 'spesa.lastOrders',
  order: 'spesa.lastOrder',
} as const;
export type AnswerName = keyof typeof KEYS;

interface Kept<T> {
  customer: unknown;
  answer: T;
}

/** Keeps this customer's answer, or forgets the kept one when there is none (or no customer). */
export function keepAnswer<T>(name: AnswerName, customer: unknown, answer: T | null): void {
  try {
    if (answer !== null && customer !== undefined)
      localStorage.setItem(KEYS[name], JSON.stringify({ customer, answer } satisfies Kept<T>));
    else localStorage.removeItem(KEYS[name]);
  } catch {
    // storage full or refused: the page then needs the network, as before
  }
}

/** The answer kept for this customer, if any. */
export function keptAnswer<T>(name: AnswerName, customer: unknown): T | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEYS[name]) ?? 'null') as Kept<T> | null;
    return kept && customer !== undefined && kept.customer === customer ? (kept.answer ?? null) : null;
  } catch {
    return null;
  }
}

/** Forgets every kept answer (logout). */
export function forgetAnswers(): void {
  for (const name of Object.keys(KEYS) as AnswerName[]) keepAnswer(name, undefined, null);
}

/** The call got no answer at all (offline, or a connection that lets nothing through), not an HTTP answer. */
export const unreachable = (error: unknown): boolean =>
  isOffline() || (error instanceof ApiError && error.status === 0);
