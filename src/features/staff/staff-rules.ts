// The store's side of an order, as the staff screen needs it: who may use it
// and which buttons an order gets. The transitions are the shared ones the
// server enforces (nextStatuses in the contract).
import { nextStatuses, type Order, type OrderStatus } from '#src/shared/contract/checkout.ts';

export { nextStatuses };

/** The button that moves an order to a status. */
export const actionLabels: Record<OrderStatus, string> = {
  IN_PREPARATION: 'Conferma e avvia la preparazione',
  TO_BE_COLLECTED: 'Pronto per il ritiro',
  TO_BE_DELIVERED: 'Affida alla consegna',
  ISSUING_RECEIPT: 'Emetti scontrino',
  COLLECTED: 'Ritirato',
  DELIVERED: 'Consegnato',
  NOT_COLLECTED: 'Non ritirato',
  REFUSED: 'Rifiutato',
  CANCELLED: 'Annulla ordine',
  ABORTED: 'Annulla',
  TO_BE_PREPARED: 'Da preparare',
  PAYMENT_PENDING: 'In attesa di pagamento',
};

/** Statuses that end or stop the order: their buttons ask for a confirmation. */
export const isStopping = (status: OrderStatus): boolean => ['CANCELLED', 'NOT_COLLECTED', 'REFUSED'].includes(status);

/** The role inside the session token (the server checks it again on every call). */
export function roleOf(jwt: string | undefined | null): string | null {
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof json.role === 'string' ? json.role : null;
  } catch {
    return null;
  }
}

/** Picked amounts may be set only while the order is being prepared. */
export const canPick = (order: Pick<Order, 'status'>): boolean => order.status === 'IN_PREPARATION';

/** A picked amount as typed ('0,8' or '0.8'): a number ≥ 0, or null when unreadable. */
export function parseAmount(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1000 ? Math.round(value * 1000) / 1000 : null;
}

/** Orders grouped by slot start, in time order (the screen shows the day's work slot by slot). */
export function bySlot(orders: Order[]): { key: string; validFrom: string | null; validTo: string | null; orders: Order[] }[] {
  const groups = new Map<string, { key: string; validFrom: string | null; validTo: string | null; orders: Order[] }>();
  for (const o of orders) {
    const slot = o.cart.delivery.timeSlot;
    const key = slot?.validFrom ?? 'none';
    if (!groups.has(key)) groups.set(key, { key, validFrom: slot?.validFrom ?? null, validTo: slot?.validTo ?? null, orders: [] });
    groups.get(key)!.orders.push(o);
  }
  return [...groups.values()].sort((a, b) => (a.validFrom ?? '9').localeCompare(b.validFrom ?? '9'));
}
