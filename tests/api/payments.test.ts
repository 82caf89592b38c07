// Card payments end to end through the provider sandbox (docs/product.md §4 Card state,
// XPAY checkout; docs/architecture.md §4): association, 3-D Secure hold, capture of the
// picked amount, release on abort, signed and idempotent callbacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { order as orderSchema } from '#src/shared/contract/checkout.ts';
import {
  boardingStart,
  legacyBoardingForm,
  nonceResponse,
  paymentMethods,
  preauthQuote,
  SANDBOX_CARDS,
} from '#src/shared/contract/payments.ts';
import { round2 } from '#src/shared/contract/money.ts';
import { SANDBOX_KEYS } from '#src/server/config.ts';
import { createOperator } from '#src/server/services/operators.ts';
import { remindWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { xpayMac } from '#src/server/payments/signing.ts';
import { createTestShop } from './harness.ts';
import { associate, card, formAction, formPost, hiddenFields, pathOf, threeDs } from './card-sandbox.ts';
import { bearer, bookOrder, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
/** Another product sold by the piece at the same 2,50 €: the store's substitute for piece. */
let twin: { barcode: string; id: number };
let loose: { barcode: string; id: number };
let operator: string;

beforeAll(async () => {
  shop = await createTestShop({ products: 200, env: { ENABLED_PAYMENTS: 'true' } });
  const db = shop.handle.db;
  const pick = (um: 'PZ' | 'KG', offset = 0) =>
    db
      .selectFrom('products as p')
      .innerJoin('store_products as sp', 'sp.product_id', 'p.id')
      .select(['p.barcode', 'p.id'])
      .where('sp.store_id', '=', 1109)
      .where('sp.available', '=', true)
      .where('p.um', '=', um)
      .where('p.water_pack', '=', false)
      .orderBy('p.id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
  piece = await pick('PZ');
  twin = await pick('PZ', 1);
  loose = await pick('KG');
  await db
    .updateTable('store_products')
    .set({ price_cents: 250 })
    .where('product_id', 'in', [piece.id, twin.id])
    .execute();
  await db.updateTable('store_products').set({ price_cents: 1000 }).where('product_id', '=', loose.id).execute();
  await db.deleteFrom('promotions').where('product_id', 'in', [piece.id, twin.id, loose.id]).execute();
  await createOperator(db, {
    email: 'cassa.pay@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  operator = (
    await shop.request('/cli/profiles/login', post({ username: 'cassa.pay@coop.example.it', password: 'Cassa2026!' }))
  ).body.data.jwt;
});
afterAll(() => shop.close());

/**
 * A card order waiting for its shopper's payment (decision 018): booked by a shopper who wants to be
 * asked about any change (acceptChanges false), confirmed by the store with the piece row
 * substituted by twin at the same price (the totals unchanged, but a change: the linked card is
 * not charged without the shopper).
 */
async function bookedCardOrder(
  token: string,
  email: string,
  rows: { barcode: string; amount?: number; weight?: number }[],
) {
  let quote!: ReturnType<typeof preauthQuote.parse>;
  const beforeBooking = async (cartId: number) => {
    quote = preauthQuote.parse(
      (await shop.request(`/cli/pay/preauth/quote?cartId=${cartId}`, bearer(token))).body.data,
    );
  };
  const { code, orderId } = await bookOrder(shop, token, {
    email,
    rows,
    paymentMode: 'XPAY',
    replacements: true,
    acceptChanges: false,
    beforeBooking,
  });
  const order = (await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data.data[0];
  expect(order.status).toBe('TO_BE_PREPARED');
  // Not payable before the store confirmed the rows available (decision 014).
  expect((await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.responseCode).toBe(4205);
  const pieceRow = (await fetchOrder(token, orderId)).cart.items.find((i) => i.barcode === piece.barcode)!;
  const confirmed = await shop.request(
    `/cli/ops/orders/${orderId}/confirm`,
    post({ rows: [{ id: pieceRow.id, outcome: 'SUBSTITUTED', substituteBarcode: twin.barcode }] }, operator),
  );
  expect(confirmed.body.data).toMatchObject({
    status: 'PAYMENT_PENDING',
    withinChoices: false,
    pickupCode: null,
    cardPayment: null,
  });
  return { code, orderId, quote };
}

const events = (orderId: number) =>
  shop.handle.db
    .selectFrom('payment_events')
    .select(['event', 'amount_cents'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const fetchOrder = async (token: string, id: number) =>
  orderSchema.parse((await shop.request(`/cli/ecommerce/orders/${id}/fetch`, bearer(token))).body.data);

describe('card association', () => {
  it('stores the card after the lightbox with a 3-D Secure challenge, and removes it', async () => {
    const token = await shopper(shop, 'carta@example.it');
    expect((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data).toEqual([]);
    const { html } = await associate(shop, token, SANDBOX_CARDS.challenge);
    expect(html).toContain('XPay_Payment_Result');
    expect(html).toContain('"esito":"OK"');
    const methods = paymentMethods.parse((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data);
    expect(methods).toEqual([
      expect.objectContaining({
        paymentMethodType: 'XPAY',
        provider: 'XPAY',
        maskedPan: '434994******7007',
        expiry: '12/2030',
      }),
    ]);
    const removed = await shop.request('/cli/pay/paymentmethod/delete', post({ paymentMethodType: 'XPAY' }, token));
    expect(removed.body).toEqual({ responseCode: 0, data: [] });
  });

  it('refuses a card the provider refuses, and a wrong one-time code', async () => {
    const token = await shopper(shop, 'rifiutata@example.it');
    expect((await associate(shop, token, SANDBOX_CARDS.invalid)).html).toContain('"esito":"KO"');
    expect((await associate(shop, token, SANDBOX_CARDS.challenge, '000000')).html).toContain('"esito":"KO"');
    expect((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data).toEqual([]);
  });

  it('the lightbox refuses parameters whose MAC does not match', async () => {
    const token = await shopper(shop, 'mac@example.it');
    const start = boardingStart.parse((await shop.request('/cli/pay/v2/xpay/start/boarding', bearer(token))).body.data);
    const tampered = new URL(start.lightboxUrl, 'http://localhost');
    tampered.searchParams.set('importo', '100');
    const page = await shop.request(pathOf(tampered.toString()));
    expect(page.status).toBe(400);
    expect(page.body).toContain('MAC non valido');
  });

  it('a callback with a wrong MAC changes nothing; the same signed callback twice stores one card', async () => {
    const token = await shopper(shop, 'callback@example.it');
    const userId = (await shop.request('/cli/profiles/login', bearer(token))).body.data.profile.id as number;
    const start = boardingStart.parse((await shop.request('/cli/pay/v2/xpay/start/boarding', bearer(token))).body.data);
    const esito = {
      codTrans: start.transactionCode,
      esito: 'OK',
      importo: '0',
      divisa: 'EUR',
      data: '20261122',
      orario: '101010',
      codAut: '123456',
      num_contratto: start.contractNumber,
      pan: '434994******4549',
      brand: 'VISA',
      scadenza_pan: '203012',
    };
    const mac = xpayMac(
      [
        ['codTrans', esito.codTrans],
        ['esito', 'OK'],
        ['importo', '0'],
        ['divisa', 'EUR'],
        ['data', esito.data],
        ['orario', esito.orario],
        ['codAut', esito.codAut],
      ],
      SANDBOX_KEYS.xpay.macKey,
    );
    const url = `/cli/pay/v2/xpay/board?tid=01&profileId=${userId}`;

    const forged = await shop.request(
      url,
      formPost({ ...esito, mac: mac.replace(/^./, (ch) => (ch === 'a' ? 'b' : 'a')) }),
    );
    expect(forged.body.responseCode).toBe(4213);
    expect((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data).toEqual([]);
    const tx = await shop.handle.db
      .selectFrom('payment_transactions')
      .select('status')
      .where('transaction_code', '=', start.transactionCode)
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('PENDING');

    expect((await shop.request(url, formPost({ ...esito, mac }))).body.responseCode).toBe(0);
    expect((await shop.request(url, formPost({ ...esito, mac }))).body.responseCode).toBe(0);
    const rows = await shop.handle.db
      .selectFrom('payment_methods')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    const stored = await shop.handle.db
      .selectFrom('payment_events')
      .select('event')
      .where('transaction_code', '=', start.transactionCode)
      .where('event', '=', 'CARD_STORED')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("one customer cannot attach a card to another customer's profile", async () => {
    const anna = await shopper(shop, 'anna.carta@example.it');
    const bruno = await shopper(shop, 'bruno.carta@example.it');
    const annaId = (await shop.request('/cli/profiles/login', bearer(anna))).body.data.profile.id as number;
    // Bruno starts an association and sends its (correctly signed) result with Anna's profile id.
    const start = boardingStart.parse((await shop.request('/cli/pay/v2/xpay/start/boarding', bearer(bruno))).body.data);
    const esito = {
      codTrans: start.transactionCode,
      esito: 'OK',
      importo: '0',
      divisa: 'EUR',
      data: '20261122',
      orario: '101010',
      codAut: '654321',
      num_contratto: start.contractNumber,
    };
    const mac = xpayMac(
      Object.entries(esito).filter(([k]) => k !== 'num_contratto') as [string, string][],
      SANDBOX_KEYS.xpay.macKey,
    );
    const answer = await shop.request(`/cli/pay/v2/xpay/board?tid=01&profileId=${annaId}`, formPost({ ...esito, mac }));
    expect(answer.status).toBe(403);
    expect((await shop.request('/cli/pay/paymentmethod', bearer(anna))).body.data).toEqual([]);
    expect((await shop.request('/cli/pay/paymentmethod', bearer(bruno))).body.data).toEqual([]);
  });
});

describe('paying an order by card', () => {
  it('holds total + 10% of the variable-weight rows after 3-D Secure; the order becomes IN_PREPARATION with a pickup code; a replayed result changes nothing', async () => {
    const token = await shopper(shop, 'paga@example.it');
    await associate(shop, token, SANDBOX_CARDS.challenge);
    const { code, orderId, quote } = await bookedCardOrder(token, 'paga@example.it', [
      { barcode: piece.barcode, amount: 10 },
      { barcode: loose.barcode, weight: 1.5 },
    ]);
    // 10 × 2.50 + 1.5 kg × 10.00 = 40.00 plus the order's fees (bags); surcharge 10% of 15.00 = 1.50.
    const fees = (await fetchOrder(token, orderId)).cart.fees.reduce((sum, f) => sum + f.value, 0);
    expect(quote).toEqual({
      totalToPay: round2(40 + fees),
      variableWeightTotal: 15,
      surchargePercent: 10,
      surcharge: 1.5,
      amount: round2(41.5 + fees),
    });
    expect((await fetchOrder(token, orderId)).status).toBe('PAYMENT_PENDING');

    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    expect(nonce).toMatchObject({ esito: 'OK', amount: quote.amount });
    const { location, back } = await threeDs(shop, nonce.html!);
    expect(location).toBe(`/app/checkout/confirm?orderCode=${code}`);
    const paid = await fetchOrder(token, orderId);
    expect(paid.status).toBe('IN_PREPARATION');
    expect(paid.pickupCode).toMatch(/^[0-9]{6}$/);
    expect(paid.cardPayment).toEqual({ status: 'AUTHORISED', authorised: quote.amount, captured: null });

    const replay = await shop.app.request(pathOf(back.action), formPost(back.fields));
    expect(replay.headers.get('Location')).toBe(`/app/checkout/confirm?orderCode=${code}`);
    expect((await events(orderId)).map((e) => e.event)).toEqual(['NONCE_CREATED', 'AUTHORISED']);
    const held = await shop.handle.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('contract_number', 'is not', null)
      .where('authorised_cents', '=', Math.round(quote.amount * 100))
      .execute();
    expect(held).toHaveLength(1);
    // Paid orders are not paid again.
    expect((await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.responseCode).toBe(
      4205,
    );
  });

  it('a declined card lands on the failed page and leaves the order PAYMENT_PENDING; another card then pays it', async () => {
    const token = await shopper(shop, 'negata@example.it');
    await associate(shop, token, SANDBOX_CARDS.decline);
    const { code, orderId } = await bookedCardOrder(token, 'negata@example.it', [
      { barcode: piece.barcode, amount: 12 },
    ]);
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    expect((await threeDs(shop, nonce.html!)).location).toBe(`/app/checkout/failed?orderCode=${code}`);
    expect(await fetchOrder(token, orderId)).toMatchObject({ status: 'PAYMENT_PENDING', cardPayment: null });

    await shop.request('/cli/pay/paymentmethod/delete', post({ paymentMethodType: 'XPAY' }, token));
    expect((await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.responseCode).toBe(
      4211,
    );
    await associate(shop, token, SANDBOX_CARDS.approve);
    const again = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    expect((await threeDs(shop, again.html!)).location).toBe(`/app/checkout/confirm?orderCode=${code}`);
    const paid = await fetchOrder(token, orderId);
    expect(paid).toMatchObject({
      status: 'IN_PREPARATION',
      cardPayment: { status: 'AUTHORISED', authorised: paid.cart.totalToPay },
    });
    expect((await events(orderId)).map((e) => e.event)).toEqual([
      'NONCE_CREATED',
      'DECLINED',
      'NONCE_CREATED',
      'AUTHORISED',
    ]);
  });

  it("the provider's pages are addressed on the origin the shopper uses", async () => {
    const token = await shopper(shop, 'origine@example.it');
    await associate(shop, token, SANDBOX_CARDS.approve);
    const { code } = await bookedCardOrder(token, 'origine@example.it', [{ barcode: piece.barcode, amount: 12 }]);
    const start = boardingStart.parse(
      (await shop.request('http://spesa.example:8080/cli/pay/v2/xpay/start/boarding', bearer(token))).body.data,
    );
    expect(start.lightboxUrl).toMatch(/^http:\/\/spesa\.example:8080\/sandbox\/xpay\/lightbox\?/);
    const nonce = nonceResponse.parse(
      (await shop.request(`http://spesa.example:8080/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body
        .data,
    );
    expect(formAction(nonce.html!)).toBe('http://spesa.example:8080/sandbox/xpay/3ds');
    const threeDsPage = await shop.request(formAction(nonce.html!), formPost(hiddenFields(nonce.html!)));
    expect(formAction(threeDsPage.body)).toBe('http://spesa.example:8080/cli/pay/v2/xpay/3ds/result');
  });

  it("another customer's order code gives no payment and no data", async () => {
    const owner = await shopper(shop, 'titolare@example.it');
    await associate(shop, owner, SANDBOX_CARDS.approve);
    const { code } = await bookedCardOrder(owner, 'titolare@example.it', [{ barcode: piece.barcode, amount: 12 }]);
    const intruder = await shopper(shop, 'intruso@example.it');
    await associate(shop, intruder, SANDBOX_CARDS.approve);
    const answer = await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(intruder));
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain(code);
    expect((await shop.request(`/cli/pay/preauth/quote?orderCode=${code}`, bearer(intruder))).status).toBe(403);
  });

  it('captures exactly the picked total when the store closes the order, once', async () => {
    const token = await shopper(shop, 'cattura@example.it');
    await associate(shop, token, SANDBOX_CARDS.approve);
    const { code, orderId, quote } = await bookedCardOrder(token, 'cattura@example.it', [
      { barcode: piece.barcode, amount: 10 },
      { barcode: loose.barcode, weight: 1.5 },
    ]);
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    await threeDs(shop, nonce.html!);
    const step = async (status: string) =>
      expect(
        (await shop.request(`/cli/ops/orders/${orderId}/status`, post({ status }, operator))).body.responseCode,
      ).toBe(0);
    expect((await fetchOrder(token, orderId)).status).toBe('IN_PREPARATION'); // paid: the store prepares it
    const rows = (await fetchOrder(token, orderId)).cart.items;
    const kgRow = rows.find((r) => r.barcode === loose.barcode)!;
    const pzRow = rows.find((r) => r.barcode === twin.barcode)!;
    // Picked: 10 pieces and 1.2 kg instead of 1.5 → 25.00 + 12.00 = 37.00, plus the fees.
    expect(
      (
        await shop.request(
          `/cli/ops/orders/${orderId}/picked`,
          post(
            {
              rows: [
                { id: pzRow.id, operatorAmount: 10 },
                { id: kgRow.id, operatorAmount: 1.2 },
              ],
            },
            operator,
          ),
        )
      ).body.responseCode,
    ).toBe(0);
    await step('TO_BE_COLLECTED');
    await step('ISSUING_RECEIPT');
    await step('COLLECTED');
    const closed = await fetchOrder(token, orderId);
    const due = round2(37 + closed.cart.fees.reduce((sum, f) => sum + f.value, 0));
    expect(closed.operatorCart?.payed).toBe(due);
    expect(closed.cardPayment).toEqual({ status: 'CAPTURED', authorised: quote.amount, captured: due });
    const tx = await shop.handle.db
      .selectFrom('payment_transactions')
      .select('transaction_code')
      .where('order_id', '=', orderId)
      .where('status', '=', 'CAPTURED')
      .executeTakeFirstOrThrow();
    const provider = await shop.handle.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('code', '=', tx.transaction_code)
      .executeTakeFirstOrThrow();
    expect(provider).toMatchObject({
      status: 'CAPTURED',
      captured_cents: Math.round(due * 100),
      authorised_cents: Math.round(quote.amount * 100),
    });
    // Closing again is refused and nothing is captured twice.
    expect(
      (await shop.request(`/cli/ops/orders/${orderId}/status`, post({ status: 'COLLECTED' }, operator))).body
        .responseCode,
    ).toBe(4205);
    expect((await events(orderId)).filter((e) => e.event === 'CAPTURED')).toEqual([
      { event: 'CAPTURED', amount_cents: Math.round(due * 100) },
    ]);
  });

  it('aborting a paid order releases the hold', async () => {
    const token = await shopper(shop, 'rilascio@example.it');
    await associate(shop, token, SANDBOX_CARDS.approve);
    const { code, orderId, quote } = await bookedCardOrder(token, 'rilascio@example.it', [
      { barcode: piece.barcode, amount: 12 },
    ]);
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    await threeDs(shop, nonce.html!);
    const aborted = await shop.request('/cli/ecommerce/cart/abort', post({ orderId }, token));
    expect(aborted.body.data.status).toBe('ABORTED');
    expect((await fetchOrder(token, orderId)).cardPayment).toEqual({
      status: 'VOIDED',
      authorised: quote.amount,
      captured: null,
    });
    const tx = await shop.handle.db
      .selectFrom('payment_transactions')
      .select('transaction_code')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await shop.handle.db
          .selectFrom('sandbox_transactions')
          .select('status')
          .where('code', '=', tx.transaction_code)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('VOIDED');
    expect((await events(orderId)).map((e) => e.event)).toEqual(['NONCE_CREATED', 'AUTHORISED', 'VOIDED']);
  });

  it('an order that expires while its 3-D Secure step is open has the late hold released', async () => {
    const token = await shopper(shop, 'scaduto@example.it');
    await associate(shop, token, SANDBOX_CARDS.challenge);
    const { code, orderId } = await bookedCardOrder(token, 'scaduto@example.it', [
      { barcode: piece.barcode, amount: 12 },
    ]);
    const nonce = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    // The shopper lingers on the challenge past the payment time, reminded 40 minutes before it:
    // the sweep expires the order.
    const now = Date.now();
    await shop.handle.db
      .updateTable('orders')
      .set({ remind_at: new Date(now - 90 * 60_000), expires_at: new Date(now - 1000) })
      .where('id', '=', orderId)
      .execute();
    expect(await remindWaitingOrders(shop.handle.db, new Date(now - 40 * 60_000))).toContain(orderId);
    await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token));
    expect((await fetchOrder(token, orderId)).status).toBe('ABORTED');

    expect((await threeDs(shop, nonce.html!)).location).toBe(`/app/checkout/failed?orderCode=${code}`);
    const order = await fetchOrder(token, orderId);
    expect(order).toMatchObject({ status: 'ABORTED', cardPayment: { status: 'VOIDED' } });
    const tx = await shop.handle.db
      .selectFrom('payment_transactions')
      .select(['transaction_code', 'status'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('VOIDED');
    expect(
      (
        await shop.handle.db
          .selectFrom('sandbox_transactions')
          .select('status')
          .where('code', '=', tx.transaction_code)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('VOIDED');
    expect((await events(orderId)).map((e) => e.event)).toEqual(['NONCE_CREATED', 'AUTHORISED', 'VOIDED']);
  });

  it('a second tab paying the order the first tab has just paid lands on the paid order, and its hold is released', async () => {
    const token = await shopper(shop, 'duetab@example.it');
    await associate(shop, token, SANDBOX_CARDS.challenge);
    const { code, orderId } = await bookedCardOrder(token, 'duetab@example.it', [
      { barcode: piece.barcode, amount: 12 },
    ]);
    // Both tabs start paying while the order waits for its payment.
    const first = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    const second = nonceResponse.parse(
      (await shop.request(`/cli/pay/v2/xpay/nonce?orderCode=${code}`, bearer(token))).body.data,
    );
    expect((await threeDs(shop, first.html!)).location).toBe(`/app/checkout/confirm?orderCode=${code}`);
    expect((await threeDs(shop, second.html!)).location).toBe(`/app/checkout/confirm?orderCode=${code}`);
    const order = await fetchOrder(token, orderId);
    expect(order.status).toBe('IN_PREPARATION');
    // One hold stays on the order; the second tab's was released at once.
    const holds = await shop.handle.db
      .selectFrom('payment_transactions')
      .select(['transaction_code', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(holds.map((h) => h.status)).toEqual(['APPROVED', 'VOIDED']);
    expect(holds.map((h) => h.transaction_code)).toEqual([first.transactionCode, second.transactionCode]);
  });

  it('keeps the payment event log append-only', async () => {
    await expect(sql`UPDATE payment_events SET event = 'CAPTURED'`.execute(shop.handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM payment_events`.execute(shop.handle.db)).rejects.toThrow(/append-only/);
  });
});

describe('legacy hosted-form boarding', () => {
  it('gives a signed form the provider accepts; the 0.01 € verification is released and the card stored', async () => {
    const token = await shopper(shop, 'legacy@example.it');
    const form = legacyBoardingForm.parse((await shop.request('/cli/pay/ipg/boarding/web', bearer(token))).body.data);
    expect(form).toMatchObject({ txntype: 'preauth', chargetotal: '0.01', currency: '978', hash_algorithm: 'SHA256' });
    const { serverUrl, ...fields } = form;
    const tampered = await shop.request(pathOf(serverUrl), formPost({ ...fields, chargetotal: '0.02' }));
    expect(tampered.status).toBe(400);
    expect(tampered.body).toContain('Hash non valido');

    const page = await shop.request(pathOf(serverUrl), formPost(fields));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Numero carta');
    const done = await shop.request(
      '/sandbox/ipg/connect/pay',
      formPost({ ...hiddenFields(page.body), ...card(SANDBOX_CARDS.approve) }),
    );
    const landing = await shop.app.request(pathOf(formAction(done.body)), formPost(hiddenFields(done.body)));
    expect(landing.headers.get('Location')).toBe('/app/payments?boarding=ok');
    expect(paymentMethods.parse((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data)).toEqual([
      expect.objectContaining({ provider: 'IPG', maskedPan: '434994******4549' }),
    ]);
    const provider = await shop.handle.db
      .selectFrom('sandbox_transactions')
      .select(['status', 'authorised_cents'])
      .where('code', '=', form.addInfo3)
      .executeTakeFirstOrThrow();
    expect(provider).toEqual({ status: 'VOIDED', authorised_cents: 1 });
  });

  it('refuses a notification with a wrong hash', async () => {
    const token = await shopper(shop, 'legacy.forged@example.it');
    const form = legacyBoardingForm.parse((await shop.request('/cli/pay/ipg/boarding/web', bearer(token))).body.data);
    const forged = await shop.request(
      '/cli/pay/ipg/notify',
      formPost({
        oid: form.addInfo3,
        chargetotal: '0.01',
        currency: '978',
        txndatetime: form.txndatetime,
        storename: form.storename,
        approval_code: 'Y:123456:0001:',
        status: 'APPROVED',
        hosteddataid: form.hosteddataid,
        addInfo4: form.addInfo4,
        notification_hash: 'f'.repeat(64),
      }),
    );
    expect(forged.body.responseCode).toBe(4213);
    expect((await shop.request('/cli/pay/paymentmethod', bearer(token))).body.data).toEqual([]);
  });
});
