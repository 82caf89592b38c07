// Booking a delivered cart checks its address again (docs/product.md §8 codes 2222 and
// 42, §9 delivery towns) and the order keeps the address as booked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart as cartSchema } from '#src/shared/contract/cart.ts';
import { order as orderSchema, orderPage, slot as slotSchema, slotDay } from '#src/shared/contract/checkout.ts';
import { createTestShop } from './harness.ts';
import { bearer, plainPiece, post, shopper } from './shoppers.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };

beforeAll(async () => {
  shop = await createTestShop({ products: 200 });
  piece = await plainPiece(shop);
});
afterAll(() => shop.close());

const viaRoma = { address: 'Via Roma', streetNumber: '9', city: 'Bari', county: 'BA', zip: '70121' };

/** A shopper with a home-delivery cart to Via Roma 9, Bari worth 30 €, and a free slot of it. */
async function homeCart(email: string) {
  const token = await shopper(shop, email);
  const addressId = (await shop.request('/cli/profiles/addresses', post(viaRoma, token))).body.data[0].id as number;
  const opened = await shop.request('/cli/ecommerce/cart/open', post({ deliveryMode: 'AT_HOME', addressId }, token));
  const cart = cartSchema.parse(opened.body.data);
  await shop.request('/cli/ecommerce/cart/store', post({ cartId: cart.id, barcode: piece.barcode, amount: 12 }, token));
  const days = slotDay
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cart.id}/days`, bearer(token))).body.data);
  const day = days.find((d) => d.available)!;
  const slots = slotSchema
    .array()
    .parse((await shop.request(`/cli/ecommerce/slots/${cart.id}?day=${day.day}`, bearer(token))).body.data);
  return { token, addressId, cartId: cart.id, slotId: slots.find((s) => s.available)!.id };
}

const booking = (cartId: number, timeSlotId: number) => ({
  cartId,
  timeSlotId,
  profileEmail: 'anna@example.it',
  profileMobilePhone: '3331234567',
  firstName: 'Anna',
  lastName: 'Rossi',
  paymentMode: 'CASH',
  notes: null,
  invoice: false,
  enableProductsReplacement: true,
  clientWeb: true,
});

const ordersOf = async (token: string) =>
  orderPage.parse((await shop.request('/cli/ecommerce/orders?s=5&p=0', bearer(token))).body.data).data;

describe('booking a home delivery checks the address again', () => {
  it('refuses with 2222 once the address was moved to a town without home delivery, and books nothing', async () => {
    const { token, addressId, cartId, slotId } = await homeCart('indirizzo.lecce@example.it');
    await shop.request(
      '/cli/profiles/addresses',
      post({ ...viaRoma, id: addressId, city: 'Lecce', county: 'LE', zip: '73100' }, token),
    );
    const { body } = await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slotId), token));
    expect(body).toEqual({
      responseCode: 2222,
      errorMessage: 'La consegna a domicilio non è attiva per la città selezionata.',
    });
    expect(await ordersOf(token)).toEqual([]);
    expect((await shop.request('/cli/ecommerce/cart/current', bearer(token))).body.data).toMatchObject({ id: cartId });
  });

  it('refuses with 42 (no delivery for that address), as cart/open does, once the address was deleted', async () => {
    const { token, addressId, cartId, slotId } = await homeCart('indirizzo.eliminato@example.it');
    await shop.request('/cli/profiles/addresses/delete', post({ id: addressId }, token));
    const { body } = await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slotId), token));
    expect(body).toEqual({
      responseCode: 42,
      errorMessage: "Il servizio di consegna non è attualmente attivo per l'indirizzo indicato.",
    });
    expect(await ordersOf(token)).toEqual([]);
  });

  it("refuses a cart that points at another shopper's address (403) and books nothing", async () => {
    const mine = await homeCart('indirizzo.mio@example.it');
    const other = await shopper(shop, 'indirizzo.altrui@example.it');
    const theirs = (await shop.request('/cli/profiles/addresses', post({ ...viaRoma, address: 'Via Altrui' }, other)))
      .body.data[0].id as number;
    await shop.handle.db.updateTable('carts').set({ address_id: theirs }).where('id', '=', mine.cartId).execute();
    const answer = await shop.request(
      '/cli/ecommerce/cart/freeze',
      post(booking(mine.cartId, mine.slotId), mine.token),
    );
    expect(answer.status).toBe(403);
    expect(await ordersOf(mine.token)).toEqual([]);
  });

  it('keeps the address as booked in the order after the shopper edits or deletes it', async () => {
    const { token, addressId, cartId, slotId } = await homeCart('indirizzo.copia@example.it');
    expect(
      (await shop.request('/cli/ecommerce/cart/freeze', post(booking(cartId, slotId), token))).body.responseCode,
    ).toBe(0);
    await shop.request(
      '/cli/profiles/addresses',
      post(
        {
          ...viaRoma,
          id: addressId,
          address: 'Corso Vittorio Emanuele',
          streetNumber: '1',
          city: 'Lecce',
          county: 'LE',
          zip: '73100',
        },
        token,
      ),
    );
    const [listed] = await ordersOf(token);
    expect(listed!.cart.delivery.addressDescription).toBe('Via Roma 9, Bari');
    const fetched = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${listed!.id}/fetch`, bearer(token))).body.data,
    );
    expect(fetched.cart.delivery.addressDescription).toBe('Via Roma 9, Bari');
    await shop.request('/cli/profiles/addresses/delete', post({ id: addressId }, token));
    const again = orderSchema.parse(
      (await shop.request(`/cli/ecommerce/orders/${listed!.id}/fetch`, bearer(token))).body.data,
    );
    expect(again.cart.delivery.addressDescription).toBe('Via Roma 9, Bari');
  });
});
