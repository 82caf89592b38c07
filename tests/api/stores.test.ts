// The store locator's calls (docs/product.md §7 Stores), as a caller sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  stateList,
  store,
  storeList,
  storePage,
  STORE_NOT_FOUND,
  STORES_PAGE_SIZE,
} from '#src/shared/contract/stores.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(async () => {
  await shop.close();
});

const BARI = { lat: 41.1171, lon: 16.8719 };

async function page(path: string) {
  const { status, body } = await shop.request(path);
  expect(status, path).toBe(200);
  expect(body.responseCode, path).toBe(0);
  return storePage.parse(body.data);
}

describe('GET /cli/stores/ecommerce', () => {
  it('lists the 11 stores by name in pages of the configured size', async () => {
    const first = await page('/cli/stores/ecommerce');
    expect(first).toMatchObject({
      number: 0,
      totalElements: 11,
      totalPages: Math.ceil(11 / STORES_PAGE_SIZE),
      last: false,
    });
    expect(first.data).toHaveLength(STORES_PAGE_SIZE);
    const second = await page('/cli/stores/ecommerce?p=1');
    expect(second.last).toBe(true);
    const names = [...first.data, ...second.data].map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
    expect(new Set(names).size).toBe(11);
    expect(first.data.every((s) => s.distance === null)).toBe(true);
    const beyond = await page('/cli/stores/ecommerce?p=5&s=4');
    expect(beyond).toMatchObject({ data: [], totalElements: 11, totalPages: 3, last: true });
  });

  it("finds the Taranto store(s) only for 'Taranto', whatever the case and accents", async () => {
    for (const q of ['Taranto', 'taranto', 'TÀRANTO']) {
      const found = await page(`/cli/stores/ecommerce?q=${encodeURIComponent(q)}`);
      expect(found.totalElements, q).toBeGreaterThan(0);
      for (const s of found.data) expect(s.address.town).toBe('Taranto');
    }
  });

  it('searches the address too, and answers an empty page when nothing matches', async () => {
    const japigia = await page('/cli/stores/ecommerce?q=viale%20japigia');
    expect(japigia.data.map((s) => s.id)).toEqual([1109]);
    expect(await page('/cli/stores/ecommerce?q=Milano')).toMatchObject({
      data: [],
      totalElements: 0,
      totalPages: 0,
      last: true,
    });
  });

  it('sorts by distance from a point in Bari: the Bari stores first, distances ascending, in km with 1 decimal', async () => {
    const near = await page(`/cli/stores/ecommerce?s=50&lat=${BARI.lat}&lon=${BARI.lon}`);
    expect(near.data).toHaveLength(11);
    expect(near.data.slice(0, 2).map((s) => s.address.town)).toEqual(['Bari', 'Bari']);
    const distances = near.data.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const d of distances) expect(Math.round(d * 10) / 10).toBe(d);
    expect(distances[0]).toBeLessThan(3);
    const taranto = near.data.find((s) => s.address.town === 'Taranto')!;
    expect(taranto.distance).toBeGreaterThan(70);
    expect(taranto.distance).toBeLessThan(90);
  });

  it('answers the whole store of docs/product.md §3: address, contacts, hours with weekDay 1 = Sunday, services, departments', async () => {
    const [bari] = (await page('/cli/stores/ecommerce?q=Japigia')).data;
    expect(bari).toMatchObject({
      id: 1109,
      name: 'Superstore Bari Japigia',
      phone: expect.any(String),
      email: expect.stringContaining('@'),
      logoImageUrl: '/media/stores/1109.svg',
    });
    expect(bari!.address).toMatchObject({ town: 'Bari', zip: '70126', county: 'BA', state: 'Puglia' });
    expect(bari!.timetables.some((t) => t.weekDay === 1)).toBe(true); // open on Sundays
    expect(bari!.timetables[0]).toMatchObject({ opens: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(bari!.departments.length).toBeGreaterThan(0);
    expect(bari!.services.length).toBeGreaterThan(0);
    // Shipping is paid by card only, and card payments are off by default (docs/decisions/005).
    expect(bari!.deliveryModes).toEqual(['IN_STORE', 'DRIVE', 'AT_HOME']);
  });

  it('refuses bad coordinates, a lone coordinate and unknown parameters with 400 / 4000', async () => {
    for (const qs of [
      'lat=91&lon=16',
      'lat=41&lon=181',
      'lat=abc&lon=16',
      'lat=&lon=',
      'lat=41.1',
      's=0',
      's=51',
      'p=-1',
      'foo=1',
    ]) {
      const { status, body } = await shop.request(`/cli/stores/ecommerce?${qs}`);
      expect(status, qs).toBe(400);
      expect(body.responseCode, qs).toBe(4000);
      expect(body.issues.length, qs).toBeGreaterThan(0);
    }
  });
});

describe('GET /cli/stores/ecommerce/{id}', () => {
  it('answers one store', async () => {
    const { body } = await shop.request('/cli/stores/ecommerce/1107');
    expect(store.parse(body.data)).toMatchObject({ id: 1107, address: { town: 'Taranto' } });
  });

  it('an unknown id is a business error in Italian, a malformed one a 400', async () => {
    const unknown = await shop.request('/cli/stores/ecommerce/999999');
    expect(unknown).toEqual({
      status: 200,
      body: { responseCode: STORE_NOT_FOUND.code, errorMessage: 'Punto vendita non trovato.' },
    });
    expect((await shop.request('/cli/stores/ecommerce/abc')).status).toBe(400);
  });
});

describe('GET /cli/stores/states', () => {
  it('answers Puglia and Basilicata', async () => {
    const { body } = await shop.request('/cli/stores/states');
    expect(stateList.parse(body.data).map((s) => s.description)).toEqual(['Basilicata', 'Puglia']);
  });
});

describe('GET /cli/stores/ecommerce/delivery', () => {
  it('gives only the stores offering home delivery for AT_HOME', async () => {
    const { body } = await shop.request('/cli/stores/ecommerce/delivery?delivery=AT_HOME');
    const stores = storeList.parse(body.data);
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.length).toBeLessThan(11);
    for (const s of stores) expect(s.deliveryModes).toContain('AT_HOME');
    expect(stores.map((s) => s.id)).not.toContain(1111); // Potenza: pickup only
  });

  it('narrows to one state by id or by name', async () => {
    for (const state of ['BASILICATA', 'Basilicata']) {
      const { body } = await shop.request(`/cli/stores/ecommerce/delivery?delivery=DRIVE&state=${state}`);
      const stores = storeList.parse(body.data);
      expect(
        stores.map((s) => s.address.town),
        state,
      ).toEqual(['Matera']);
    }
  });

  it('refuses a missing or unknown delivery mode with 400', async () => {
    expect((await shop.request('/cli/stores/ecommerce/delivery')).status).toBe(400);
    expect((await shop.request('/cli/stores/ecommerce/delivery?delivery=BY_DRONE')).status).toBe(400);
  });
});
