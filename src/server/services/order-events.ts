// Live order status (docs/architecture.md §4): a change of an order's status is
// announced with PostgreSQL's NOTIFY on one channel, and every API process
// listening on it (OrderEventHub, one per process) passes it on to the
// shopper's and the store's open streams. NOTIFY is delivered only when the
// announcing transaction commits, so a change that is rolled back is never
// announced, and every process behind the load balancer hears every change.
import { sql } from 'kysely';
import type { Db, DbHandle } from '../db/client.ts';

const CHANNEL = 'order_events';

/** What is announced: ids and the new status only (the payload is no place for personal data). */
export interface OrderChange {
  orderId: number;
  userId: number;
  storeId: number;
  status: string;
}

/**
 * Announces an order's new status, on `db` or inside the transaction that
 * changed it (then delivered at its commit, and never if it rolls back).
 */
export async function announceOrder(db: Db, event: OrderChange): Promise<void> {
  const { orderId, userId, storeId, status } = event;
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ orderId, userId, storeId, status })})`.execute(db);
}

/**
 * Announces an order as it stands now, after a service committed its change: for the routes whose
 * service does not announce in its own transaction yet (its route then drops this call).
 */
export async function announceStoredOrder(db: Db, order: { id: number } | { cartId: number }): Promise<void> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'store_id', 'status'])
    .$call((q) => ('id' in order ? q.where('id', '=', order.id) : q.where('cart_id', '=', order.cartId)))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (row) await announceOrder(db, { orderId: row.id, userId: row.user_id, storeId: row.store_id, status: row.status });
}

/** Announces the order a card payment's outcome is about, as it stands now (nothing for a card verification). */
export async function announcePaidOrder(
  db: Db,
  payment: { provider: 'XPAY'; operationId: string } | { provider: 'IPG'; transactionCode: string },
): Promise<void> {
  const tx = await db
    .selectFrom('payment_transactions')
    .select('order_id')
    .where('provider', '=', payment.provider)
    .$call((q) =>
      payment.provider === 'XPAY'
        ? q.where('operation_id', '=', payment.operationId)
        : q.where('transaction_code', '=', payment.transactionCode),
    )
    .executeTakeFirst();
  if (tx?.order_id) await announceStoredOrder(db, { id: tx.order_id });
}

/** Whose changes a stream receives: a shopper's own orders, or a store's. */
export type OrderEventFilter = { userId?: number; storeId?: number };

export interface OrderEventHub {
  /**
   * Calls onEvent with each change that matches every field of the filter, and onEnd when the hub
   * closes (the process stops: its streams end, so the server can close); returns the unsubscribe.
   */
  subscribe(filter: OrderEventFilter, onEvent: (event: OrderChange) => void, onEnd?: () => void): () => void;
  /** Resolves once this process listens (the first subscriber starts it): changes from then on reach it. */
  listening(): Promise<void>;
  /** Stops listening and ends every subscriber (onEnd). */
  close(): Promise<void>;
}

function parsed(payload: string): OrderChange | null {
  try {
    const value = JSON.parse(payload) as Partial<OrderChange>;
    const ids = [value.orderId, value.userId, value.storeId];
    return ids.every(Number.isSafeInteger) && typeof value.status === 'string' ? (value as OrderChange) : null;
  } catch {
    return null;
  }
}

/**
 * One listener per process, fanned out to its streams. It starts listening
 * with the first subscriber, so the processes that never stream (the site
 * build) hold no listening connection.
 */
export function createOrderEventHub(handle: Pick<DbHandle, 'listen'>): OrderEventHub {
  type Subscriber = { filter: OrderEventFilter; onEvent: (event: OrderChange) => void; onEnd?: () => void };
  const subscribers = new Set<Subscriber>();
  let started: Promise<() => Promise<void>> | undefined;
  let closed = false;
  const deliver = (payload: string) => {
    const event = parsed(payload);
    if (!event) return;
    for (const { filter, onEvent } of subscribers) {
      if (filter.userId !== undefined && filter.userId !== event.userId) continue;
      if (filter.storeId !== undefined && filter.storeId !== event.storeId) continue;
      onEvent(event);
    }
  };
  const start = () => {
    if (closed) return Promise.reject(new Error('order events: the hub is closed'));
    // A failed LISTEN (the database away) is tried again by the next stream.
    started ??= handle.listen(CHANNEL, deliver).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
  return {
    subscribe(filter, onEvent, onEnd) {
      const subscriber: Subscriber = { filter, onEvent, ...(onEnd ? { onEnd } : {}) };
      subscribers.add(subscriber);
      start().catch(() => {});
      return () => {
        subscribers.delete(subscriber);
      };
    },
    listening: async () => {
      await start();
    },
    async close() {
      closed = true;
      const ending = [...subscribers];
      subscribers.clear();
      for (const { onEnd } of ending) onEnd?.();
      const stop = await started?.catch(() => undefined);
      await stop?.();
    },
  };
}
