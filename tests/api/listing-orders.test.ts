// A listing's whole order (by price, only promotions, a tag…) is read once
// per catalogue version and kept (services/listing-orders.ts). After an
// import, the orders most recently asked for under the last version are read
// again in the background: the first shopper after the import finds them
// ready. Against a real database, whose catalogue version an import changes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from './harness.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { forgetCatalogueVersion } from '#src/server/catalogue-version.ts';
import { listingOrder, ordersWarmed, WARM_AGAIN } from '#src/server/services/listing-orders.ts';

let handle: DbHandle;
/** PGlite in memory, or a database of its own on DATABASE_URL's server (npm run test:pg). */
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
let imports = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle);
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

/** An import, as far as the kept orders can tell: a new catalogue version. */
async function newVersion(): Promise<void> {
  imports += 1;
  await sql`INSERT INTO catalogue_meta (key, value) VALUES ('version', ${`v${imports}`})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(handle.db);
  forgetCatalogueVersion(handle.db);
}

/**
 * A new version, with the reading again of the last one's orders settled:
 * each test starts from its own orders.
 */
async function freshOrders(): Promise<void> {
  await newVersion();
  await listingOrder(handle.db, 'start', async () => new Float64Array());
  await ordersWarmed(handle.db);
}

/** A listing's read: what "the database" holds for it now, and each time it was read. */
function listing(name: string, log: string[]) {
  const state = { ids: [1, 2, 3] };
  const read = async () => {
    log.push(name);
    return Float64Array.from(state.ids);
  };
  return { state, read };
}

const never = async (): Promise<Float64Array> => {
  throw new Error('read although kept');
};

describe('kept listing orders after an import', () => {
  it('reads the orders asked for under the last version again, after the order of the call that saw the import', async () => {
    await freshOrders();
    const log: string[] = [];
    const byPrice = listing('byPrice', log);
    const offers = listing('offers', log);
    expect([...(await listingOrder(handle.db, 'byPrice', byPrice.read))]).toEqual([1, 2, 3]);
    expect([...(await listingOrder(handle.db, 'offers', offers.read))]).toEqual([1, 2, 3]);
    // Kept: asked for again, neither is read.
    await listingOrder(handle.db, 'byPrice', never);
    expect(log).toEqual(['byPrice', 'offers']);

    // The import reprices: the cheapest product is now the dearest.
    byPrice.state.ids = [2, 3, 1];
    await newVersion();
    const tag = listing('tag', log);
    expect([...(await listingOrder(handle.db, 'tag', tag.read))]).toEqual([1, 2, 3]);
    await ordersWarmed(handle.db);
    // The shopper's own order first; then the last version's, most recently asked for first.
    expect(log.slice(2)).toEqual(['tag', 'byPrice', 'offers']);
    // Read again with the new prices, and kept: the next shopper does not wait for it.
    expect([...(await listingOrder(handle.db, 'byPrice', never))]).toEqual([2, 3, 1]);
    expect([...(await listingOrder(handle.db, 'offers', never))]).toEqual([1, 2, 3]);
  });

  it(`reads again only the ${WARM_AGAIN} orders most recently asked for`, async () => {
    await freshOrders();
    const log: string[] = [];
    const names = Array.from({ length: WARM_AGAIN + 2 }, (_, i) => `order${i}`);
    const reads = new Map(names.map((n) => [n, listing(n, log).read]));
    for (const n of names) await listingOrder(handle.db, n, reads.get(n)!);
    // order0 asked for once more: now the most recent; order1 and order2 are the two least recent.
    await listingOrder(handle.db, 'order0', never);
    log.length = 0;

    await newVersion();
    await listingOrder(handle.db, 'trigger', listing('trigger', []).read);
    await ordersWarmed(handle.db);
    expect(log.toSorted()).toEqual(names.filter((n) => n !== 'order1' && n !== 'order2').toSorted());
  });

  it("does not read again an order of another day (its key holds that day's promotions)", async () => {
    await freshOrders();
    const log: string[] = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
    await listingOrder(handle.db, 'yesterday', listing('yesterday', log).read);
    vi.setSystemTime(new Date('2026-03-11T12:00:00Z'));
    await listingOrder(handle.db, 'today', listing('today', log).read);
    await newVersion();
    await listingOrder(handle.db, 'other', listing('other', log).read);
    await ordersWarmed(handle.db);
    vi.useRealTimers();
    expect(log).toEqual(['yesterday', 'today', 'other', 'today']);
  });

  it('a read that fails in the background is left to the shopper who asks next', async () => {
    await freshOrders();
    const log: string[] = [];
    let fail = false;
    const flaky = async () => {
      log.push('flaky');
      if (fail) throw new Error('database gone');
      return Float64Array.from([5, 6]);
    };
    await listingOrder(handle.db, 'flaky', flaky);
    fail = true;
    await newVersion();
    await listingOrder(handle.db, 'first', listing('first', log).read);
    await expect(ordersWarmed(handle.db)).resolves.toBeUndefined();
    fail = false;
    expect([...(await listingOrder(handle.db, 'flaky', flaky))]).toEqual([5, 6]);
    expect(log).toEqual(['flaky', 'first', 'flaky', 'flaky']);
  });
});
