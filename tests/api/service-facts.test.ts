// The facts the FAQ and the terms state come from the stores' data the site is
// built from: after an import of other stores, towns or fees, they follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factsText } from '#src/components/service-facts.ts';
import { serviceFacts } from '#src/shared/contract/stores.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(async () => {
  await shop.close();
});

async function facts() {
  const { status, body } = await shop.request('/cli/stores/facts');
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
  return serviceFacts.parse(body.data);
}

describe('GET /cli/stores/facts', () => {
  it('states what the demo stores do: 11 stores to collect from, 8 towns, 25,00 € minimum, delivery up to 3,50 €', async () => {
    const demo = await facts();
    expect(demo).toEqual({
      pickupStores: 11,
      deliveryTowns: ['Bari', 'Barletta', 'Bisceglie', 'Bitonto', 'Giovinazzo', 'Palo del Colle', 'Taranto', 'Trani'],
      minNetTotal: 25,
      maxDeliveryFee: 3.5,
      bagFee: 0.02,
    });
    expect(factsText(demo)).toMatchObject({
      pickupStores: 11,
      towns: 'Bari, Barletta, Bisceglie, Bitonto, Giovinazzo, Palo del Colle, Taranto e Trani',
      minOrder: '25,00\u00a0€',
      maxDeliveryFee: '3,50\u00a0€',
      bagFee: '0,02\u00a0€',
      extraWaterPackFee: '0,50\u00a0€',
      maxPiecesPerArticle: 30,
    });
  });

  it('follows the data: other minimums and fees, a town added, a store that no longer offers collection', async () => {
    const db = shop.handle.db;
    await db.updateTable('stores').set({ min_net_total_cents: 3000, bag_fee_cents: 5 }).execute();
    await db.updateTable('stores').set({ delivery_fee_cents: 490 }).where('id', '=', 1109).execute();
    await db.insertInto('delivery_towns').values({ town: 'Altamura', store_id: 1109 }).execute();
    const pickup = await db
      .selectFrom('store_delivery_modes')
      .select('store_id')
      .where('delivery_mode', 'in', ['IN_STORE', 'DRIVE'])
      .orderBy('store_id')
      .execute();
    const dropped = pickup[0]!.store_id;
    await db
      .deleteFrom('store_delivery_modes')
      .where('store_id', '=', dropped)
      .where('delivery_mode', 'in', ['IN_STORE', 'DRIVE'])
      .execute();
    const now = await facts();
    expect(now).toMatchObject({ pickupStores: 10, minNetTotal: 30, maxDeliveryFee: 4.9, bagFee: 0.05 });
    expect(now.deliveryTowns[0]).toBe('Altamura');
    expect(factsText(now).towns).toMatch(/^Altamura, Bari, .* e Trani$/);
  });
});
