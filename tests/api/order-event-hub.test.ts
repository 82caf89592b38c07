// The process's listener of order changes (services/order-events.ts) on the
// engine under test: one LISTEN for all its streams, each change delivered to
// the subscribers it concerns once the announcing transaction commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#src/server/db/client.ts';
import { announceOrder, createOrderEventHub, type OrderChange } from '#src/server/services/order-events.ts';
import { openTestDatabase } from './harness.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let handle: DbHandle;
let listens = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
});
afterAll(() => database?.close());

/** A hub over the test database that counts its LISTENs. */
function countedHub() {
  return createOrderEventHub({
    listen: (channel, onPayload) => {
      listens++;
      return handle.listen(channel, onPayload);
    },
  });
}

/** What a subscriber heard within `ms`. */
function collector() {
  const heard: OrderChange[] = [];
  return {
    heard,
    add: (event: OrderChange) => heard.push(event),
    settled: (count: number, ms = 2000) =>
      new Promise<OrderChange[]>((resolve) => {
        const started = Date.now();
        const check = () =>
          heard.length >= count || Date.now() - started > ms ? resolve(heard) : setTimeout(check, 10);
        check();
      }),
  };
}

const change = { orderId: 501, userId: 41, storeId: 1109, status: 'IN_PREPARATION' };

describe('the order event hub', () => {
  it("delivers a committed change to the shopper's and the store's subscribers only, listening once", async () => {
    listens = 0;
    const hub = countedHub();
    const [shopperOf, storeOf, otherShopper, otherStore] = [collector(), collector(), collector(), collector()];
    hub.subscribe({ userId: 41 }, shopperOf.add);
    hub.subscribe({ storeId: 1109 }, storeOf.add);
    hub.subscribe({ userId: 42 }, otherShopper.add);
    hub.subscribe({ storeId: 1110 }, otherStore.add);
    await hub.listening();
    expect(listens).toBe(1);

    await announceOrder(handle.db, change);
    expect(await shopperOf.settled(1)).toEqual([change]);
    expect(await storeOf.settled(1)).toEqual([change]);
    expect(await otherShopper.settled(1, 300)).toEqual([]);
    expect(otherStore.heard).toEqual([]);
    await hub.close();
  });

  it('delivers nothing of a transaction that rolls back, and a committed one only at its commit', async () => {
    const hub = countedHub();
    const heard = collector();
    hub.subscribe({ userId: 41 }, heard.add);
    await hub.listening();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await announceOrder(trx, { ...change, status: 'CANCELLED' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await handle.db.transaction().execute(async (trx) => {
      await announceOrder(trx, { ...change, status: 'TO_BE_COLLECTED' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.heard).toEqual([]);
    });
    expect(await heard.settled(1)).toEqual([{ ...change, status: 'TO_BE_COLLECTED' }]);
    expect(await heard.settled(2, 300)).toHaveLength(1);
    await hub.close();
  });

  it('ends its subscribers when it closes, and delivers nothing after', async () => {
    const hub = countedHub();
    const heard = collector();
    let ended = false;
    const unsubscribe = hub.subscribe({ storeId: 1109 }, heard.add, () => {
      ended = true;
    });
    await hub.listening();
    await hub.close();
    expect(ended).toBe(true);
    await announceOrder(handle.db, change);
    expect(await heard.settled(1, 300)).toEqual([]);
    unsubscribe();
    await expect(hub.listening()).rejects.toThrow();
  });
});
