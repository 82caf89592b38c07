// The live order status (docs/architecture.md §4): a shopper's stream and the
// store's stream hear each change of their orders within a second or two,
// and nobody else's; a change that is rolled back is never announced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { shopHandler } from '#src/server/server.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { announceOrder, createOrderEventHub } from '#src/server/services/order-events.ts';
import { STREAMS_PER_SESSION } from '#src/server/routes/order-stream.ts';
import { TOO_MANY_STREAMS } from '#src/shared/contract/errors.ts';
import { createTestShop } from './harness.ts';
import { eventStream, type EventStream } from './event-stream.ts';
import { bearer, bookOrder, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
let operator: string;
let otherOperator: string;
const open: EventStream[] = [];

async function login(username: string, password: string) {
  return (await shop.request('/cli/profiles/login', post({ username, password }))).body.data.jwt as string;
}

beforeAll(async () => {
  shop = await createTestShop({ products: 120 });
  piece = await plainPiece(shop);
  const other = await shop.handle.db
    .selectFrom('stores')
    .select('id')
    .where('id', '!=', 1109)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const [email, storeId] of [
    ['cassa.live@coop.example.it', 1109],
    ['altra.live@coop.example.it', other.id],
  ] as const)
    await createOperator(shop.handle.db, {
      email,
      password: 'Cassa2026!',
      storeId,
      firstName: 'Gino',
      lastName: 'Cassa',
    });
  operator = await login('cassa.live@coop.example.it', 'Cassa2026!');
  otherOperator = await login('altra.live@coop.example.it', 'Cassa2026!');
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await shop?.close();
});

/** A stream opened through the app, as the browser opens it (fetch with the bearer token), once it listens. */
async function streamOf(path: string, token: string, app: { request: typeof shop.app.request } = shop.app) {
  const response = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
  const stream = eventStream(response);
  open.push(stream);
  await stream.listening;
  return Object.assign(stream, { response });
}
const shopperStream = (token: string) => streamOf('/cli/ecommerce/orders/events', token);
const storeStream = (token: string) => streamOf('/cli/ops/orders/events', token);

async function bookedOrder(email: string) {
  const token = await shopper(shop, email);
  const { orderId } = await bookOrder(shop, token, { email, rows: [{ barcode: piece.barcode, amount: 12 }] });
  return { token, orderId };
}

const storeCancels = (orderId: number, token = operator) =>
  shop.request(`/cli/ops/orders/${orderId}/status`, post({ status: 'CANCELLED' }, token));

describe("a shopper's live orders", () => {
  it('hear the store change an order within 2 s, as its id and new status only', async () => {
    const { token, orderId } = await bookedOrder('dal.vivo@example.it');
    const stream = await shopperStream(token);
    expect(stream.response.headers.get('Cache-Control')).toContain('no-store');

    expect((await storeCancels(orderId)).body.data.status).toBe('CANCELLED');
    const event = await stream.next(2000);
    expect(event).toMatchObject({ event: 'order' });
    expect(JSON.parse(event!.data)).toEqual({ orderId, status: 'CANCELLED' });
  });

  it("never hear another customer's orders", async () => {
    const mine = await bookedOrder('mio.ordine@example.it');
    const other = await bookedOrder('altro.cliente@example.it');
    const [myStream, otherStream] = await Promise.all([shopperStream(mine.token), shopperStream(other.token)]);

    await storeCancels(mine.orderId);
    expect(JSON.parse((await myStream.next(2000))!.data)).toEqual({ orderId: mine.orderId, status: 'CANCELLED' });
    // The other shopper's own change is the first and only thing their stream hears.
    expect(
      (await shop.request('/cli/ecommerce/cart/abort', post({ orderId: other.orderId }, other.token))).body.data,
    ).toMatchObject({ status: 'ABORTED' });
    expect(JSON.parse((await otherStream.next(2000))!.data)).toEqual({ orderId: other.orderId, status: 'ABORTED' });
    expect(await otherStream.next(300)).toBeNull();
    expect(await myStream.next(300)).toBeNull();
  });

  it('hear nothing of a change that was rolled back', async () => {
    const { token, orderId } = await bookedOrder('annullato.rollback@example.it');
    const user = await shop.handle.db
      .selectFrom('orders')
      .select(['user_id', 'store_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const stream = await shopperStream(token);
    const change = { orderId, userId: user.user_id, storeId: user.store_id };
    await expect(
      shop.handle.db.transaction().execute(async (trx) => {
        await announceOrder(trx, { ...change, status: 'IN_PREPARATION' });
        throw new Error('the change fails after its announcement');
      }),
    ).rejects.toThrow('the change fails');
    // A committed change after it: the stream's first event is this one, never the rolled-back one.
    await shop.handle.db.transaction().execute((trx) => announceOrder(trx, { ...change, status: 'TO_BE_PREPARED' }));
    expect(JSON.parse((await stream.next(2000))!.data)).toEqual({ orderId, status: 'TO_BE_PREPARED' });
    expect(await stream.next(300)).toBeNull();
  });

  it('need a login, and a store stream is for store staff', async () => {
    expect((await shop.app.request('/cli/ecommerce/orders/events')).status).toBe(401);
    const token = await shopper(shop, 'curioso@example.it');
    expect((await shop.app.request('/cli/ops/orders/events', bearer(token))).status).toBe(403);
  });
});

describe("a session's open streams", () => {
  it(`are at most ${STREAMS_PER_SESSION}: one more is refused with 429, another session and a closed stream's place are free`, async () => {
    const email = 'tante.schede@example.it';
    const token = await shopper(shop, email);
    const held = [];
    for (let n = 0; n < STREAMS_PER_SESSION; n++) held.push(await shopperStream(token));

    const refused = await shop.app.request('/cli/ecommerce/orders/events', bearer(token));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ responseCode: 4000, errorMessage: TOO_MANY_STREAMS });
    // The streams already open go on hearing their orders.
    const { orderId } = await bookOrder(shop, token, { email, rows: [{ barcode: piece.barcode, amount: 12 }] });
    for (const stream of held) expect(JSON.parse((await stream.next(2000))!.data)).toMatchObject({ orderId });

    // The shopper's other session (another device) has places of its own.
    await shopperStream(await login(email, 'Orecchiette1!'));
    // A stream that ends gives its place back.
    await held[0]!.close();
    await expect
      .poll(async () => {
        const again = await shop.app.request('/cli/ecommerce/orders/events', bearer(token));
        if (again.status === 200) open.push(eventStream(again));
        return again.status;
      })
      .toBe(200);
  });

  it("are counted apart for the store's screen too", async () => {
    const token = await login('cassa.live@coop.example.it', 'Cassa2026!');
    for (let n = 0; n < STREAMS_PER_SESSION; n++) await storeStream(token);
    expect((await shop.app.request('/cli/ops/orders/events', bearer(token))).status).toBe(429);
  });
});

describe("a store's live orders", () => {
  it('hear a new booking and its cancellation by the customer, and the other stores hear nothing', async () => {
    const email = 'nuovo.ordine@example.it';
    const token = await shopper(shop, email);
    const [store, otherStore] = await Promise.all([storeStream(operator), storeStream(otherOperator)]);

    const { orderId } = await bookOrder(shop, token, { email, rows: [{ barcode: piece.barcode, amount: 12 }] });
    expect(JSON.parse((await store.next(2000))!.data)).toEqual({ orderId, status: 'TO_BE_PREPARED' });
    await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token));
    expect(JSON.parse((await store.next(2000))!.data)).toEqual({ orderId, status: 'ABORTED' });
    expect(await otherStore.next(300)).toBeNull();
  });
});

describe('a live stream through the whole shop', () => {
  it('goes uncompressed to a browser that accepts compression, each event as it happens', async () => {
    const config = loadConfig({ ...process.env, DATABASE_URL: process.env['DATABASE_URL'], NODE_ENV: 'test' });
    const hub = createOrderEventHub(shop.handle);
    const db = shop.handle.db;
    const handler = await shopHandler(
      { db, config, mailer: createMailer(db, undefined, 'test@spesa'), orderEvents: hub },
      () => false,
    );
    const { token, orderId } = await bookedOrder('intero.negozio@example.it');
    const response = await handler.request('/cli/ecommerce/orders/events', {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Content-Security-Policy')).toContain("connect-src 'self'");
    const stream = eventStream(response);
    open.push(stream);
    await stream.listening;
    await storeCancels(orderId);
    expect(JSON.parse((await stream.next(2000))!.data)).toEqual({ orderId, status: 'CANCELLED' });
    // The process stopping ends its streams, so its server can close.
    await hub.close();
    await stream.ended;
  });
});
