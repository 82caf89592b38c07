// The demo catalogue generator, as the seed, the benchmarks and a developer see it.
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { catalogueFeed, isValidEan13 } from '#src/server/catalogue/feed.ts';

const today = '2026-03-10';
const small = generateCatalogue({ products: 500, seed: 3, today });

describe('generateCatalogue', () => {
  it('gives the same feed for the same seed and day, and another for another seed', () => {
    expect(generateCatalogue({ products: 500, seed: 3, today })).toEqual(small);
    expect(generateCatalogue({ products: 500, seed: 4, today }).products[0]).not.toEqual(small.products[0]);
  });

  it('writes a feed the feed schema accepts', () => {
    expect(catalogueFeed.safeParse(small).success).toBe(true);
  });

  it('gives every product a valid, unique EAN-13 with an Italian prefix', () => {
    const codes = small.products.map((p) => p.barcode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(isValidEan13(code)).toBe(true);
      expect(Number(code.slice(0, 2))).toBeGreaterThanOrEqual(80);
      expect(Number(code.slice(0, 2))).toBeLessThanOrEqual(83);
    }
  });

  it('lays out three category levels like a supermarket, Surgelati under 04', () => {
    const level = (n: number) => small.categories.filter((c) => c.id.length === n * 2);
    expect(level(1).length).toBeGreaterThanOrEqual(15);
    expect(level(2).length).toBeGreaterThanOrEqual(50);
    expect(level(3).length).toBeGreaterThanOrEqual(150);
    const frozen = small.categories.find((c) => c.description === 'Surgelati');
    expect(frozen?.id).toBe('04');
    const ids = new Set(small.categories.map((c) => c.id));
    for (const c of small.categories) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (c.parentId) expect(c.id.startsWith(c.parentId) && ids.has(c.parentId)).toBe(true);
    }
    for (const c of small.categories.filter((x) => x.id.startsWith('04')))
      expect(c.id === '04' || c.parentId?.startsWith('04')).toBe(true);
    const leaves = new Set(level(3).map((c) => c.id));
    expect(small.products.every((p) => leaves.has(p.categoryId))).toBe(true);
    expect(small.products.some((p) => p.categoryId.startsWith('04'))).toBe(true);
  });

  it('sells counter items by weight and packs by the piece', () => {
    const kg = small.products.filter((p) => p.um === 'KG');
    expect(kg.length).toBeGreaterThan(0);
    for (const p of kg) {
      expect(p.umStep).toBeGreaterThanOrEqual(0.1);
      expect(p.umStep).toBeLessThanOrEqual(0.5);
      expect(p.attrib3).toMatch(/^\d+,\d\d €\/kg$/);
      expect(p.categoryId.slice(0, 2)).toMatch(/^0[1236]|^07/);
    }
    for (const p of small.products.filter((x) => x.um === 'PZ')) {
      expect(p.umStep).toBe(1);
      expect(p.maxAmount).toBeLessThanOrEqual(30);
    }
    const water = small.products.filter((p) => p.waterPack);
    expect(water.length).toBeGreaterThan(0);
    expect(water.every((p) => /^Acqua .* 6 x [\d,]+ L$/.test(p.description))).toBe(true);
  });

  it('prices every product in the 11 stores, promotes some below the store price, and has banners with and without products', () => {
    expect(small.stores).toHaveLength(11);
    const superstore = small.stores.filter((s) => s.superstore);
    expect(superstore.map((s) => s.id)).toEqual([1109]);
    expect(small.stores.filter((s) => s.deliveryModes.some((m) => m.mode === 'SHIPPED')).map((s) => s.id)).toEqual([
      1109,
    ]);
    expect(small.deliveryTowns.map((t) => t.town).sort()).toEqual([
      'Bari',
      'Barletta',
      'Bisceglie',
      'Bitonto',
      'Giovinazzo',
      'Palo del Colle',
      'Taranto',
      'Trani',
    ]);
    expect(small.prices).toHaveLength(500 * 11);
    const price = new Map(small.prices.map((p) => [`${p.storeId}/${p.barcode}`, p.price]));
    expect(small.promotions.length).toBeGreaterThan(0);
    for (const promo of small.promotions) {
      if (promo.valueType === 'NEW_PRICE')
        expect(promo.value).toBeLessThan(price.get(`${promo.storeId}/${promo.barcode}`)!);
      else expect(promo.value).toBeGreaterThanOrEqual(10);
      expect(promo.validFrom).toBe('2026-03-03');
      expect(promo.validTo > today).toBe(true);
    }
    expect(small.banners.filter((b) => b.barcodes.length >= 10)).toHaveLength(4);
    expect(small.banners.filter((b) => b.barcodes.length === 0)).toHaveLength(2);
  });

  it('generates 20,000 products quickly, with unique barcodes and mostly distinct names', () => {
    const started = performance.now();
    const big = generateCatalogue({ products: 20_000, seed: 1, today });
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    expect(big.products).toHaveLength(20_000);
    expect(big.prices).toHaveLength(220_000);
    expect(new Set(big.products.map((p) => p.barcode)).size).toBe(20_000);
    expect(new Set(big.products.map((p) => `${p.brand} ${p.description}`)).size).toBeGreaterThan(19_900);
    const withVariants = big.products.filter((p) => p.variantGroup).length / big.products.length;
    expect(withVariants).toBeGreaterThan(0.05);
    expect(withVariants).toBeLessThan(0.2);
  });
});
