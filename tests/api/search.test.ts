// Search as an Italian shopper types it (docs/product.md §5): plurals and singulars,
// accents or none, the start of a word, a typo, a brand, a tag, several
// words; the best matches first. Over the demo catalogue of 400 products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListedProduct, productPage } from '#src/shared/contract/catalogue.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 400 });
});
afterAll(async () => {
  await shop.close();
});

async function search(q: string, extra = ''): Promise<{ names: string[]; products: ListedProduct[]; total: number }> {
  const { status, body } = await shop.request(`/cli/ecommerce/products/1109/?q=${encodeURIComponent(q)}&s=100${extra}`);
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
  const page = productPage.parse(body.data);
  return { names: page.data.map((p) => p.description), products: page.data, total: page.totalElements };
}

describe('search in Italian', () => {
  it('finds the singular from the plural and the plural from the singular', async () => {
    const plural = await search('pomodori');
    const singular = await search('pomodoro');
    expect(plural.names).toEqual(
      expect.arrayContaining([
        'Pomodoro San Marzano DOP bio 400 g',
        'Concentrato di pomodoro 400 g',
        'Pomodori San Marzano prima categoria',
      ]),
    );
    expect(singular.names).toEqual(
      expect.arrayContaining(['Pomodori San Marzano prima categoria', 'Concentrato di pomodoro 400 g']),
    );
    const mele = await search('mela');
    expect(mele.names).toEqual(expect.arrayContaining(['Mele Red Delicious', 'Succo di mela bio 3 x 200 ml']));
  });

  it('folds accents and case: "caffè", "caffe" and "CAFFE" give the same products', async () => {
    const accented = await search('caffè');
    expect(accented.total).toBeGreaterThan(0);
    expect(accented.names).toEqual(
      expect.arrayContaining(['Caffè decaffeinato macinato 250 g', 'Cialde caffè classico 30 capsule']),
    );
    expect((await search('caffe')).names).toEqual(accented.names);
    expect((await search('CAFFE')).names).toEqual(accented.names);
  });

  it('finds products from the start of a word while it is typed: "pomo", "mozz"', async () => {
    const pomo = await search('pomo');
    expect(pomo.names).toEqual(
      expect.arrayContaining([
        'Pomodorini gialli 520 g',
        'Pomodoro San Marzano DOP bio 400 g',
        'Polpa di pomodoro a pezzetti 700 g',
      ]),
    );
    expect((await search('mozz')).names).toEqual(
      expect.arrayContaining(['Mozzarella fiordilatte di Gioia del Colle 125 g']),
    );
  });

  it('forgives a typo: "mozarela" finds the mozzarella', async () => {
    const typo = await search('mozarela');
    expect(typo.names).toEqual(
      expect.arrayContaining([
        'Mozzarella fiordilatte di Gioia del Colle 125 g',
        'Mozzarella fiordilatte di Gioia del Colle 250 g',
      ]),
    );
    expect(typo.names).toEqual((await search('mozzarella')).names);
  });

  it('does not mistake one word for another that only starts alike: "latte" is not "lattughino"', async () => {
    const latte = await search('latte');
    expect(latte.names).toEqual(
      expect.arrayContaining(['Latte fresco alta qualità 500 ml', 'Stecchi al latte senza glutine 6 pezzi']),
    );
    expect(latte.names.some((n) => /lattugh/i.test(n))).toBe(false);
  });

  it('finds a brand and a tag', async () => {
    const brand = await search('scelta nostra');
    expect(brand.total).toBeGreaterThan(20);
    for (const p of brand.products) expect(p.brand).toBe('Scelta Nostra');
    const rows = await shop.handle.db
      .selectFrom('product_tags as pt')
      .innerJoin('tags as t', 't.id', 'pt.tag_id')
      .innerJoin('products as p', 'p.id', 'pt.product_id')
      .select('p.barcode')
      .where('t.description', '=', 'Senza lattosio')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const tagged = await search('senza lattosio');
    expect(tagged.products.map((p) => p.barcode)).toEqual(expect.arrayContaining(rows.map((r) => r.barcode)));
  });

  it('needs every word: "latte bio" gives only organic milk products', async () => {
    const both = await search('latte bio');
    expect(both.names).toEqual(
      expect.arrayContaining(['Latte UHT scremato bio 1 L', 'Latte di crescita 3 bio 500 ml']),
    );
    expect(both.names).not.toContain('Latte fresco alta qualità 500 ml');
  });

  it('puts names that start with the word first, then names holding it', async () => {
    const { names } = await search('latte');
    const firstOther = names.findIndex((n) => !/^latte/i.test(n));
    expect(firstOther).toBeGreaterThan(0);
    expect(names.slice(firstOther).some((n) => /^latte/i.test(n))).toBe(false);
    const starting = names.slice(0, firstOther);
    expect(starting).toEqual([...starting].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'it')));
  });

  it('keeps an explicit sort over the ranking, and counts and pages the matches', async () => {
    const { products } = await search('latte', '&sort=price-ASC');
    const prices = products.map((p) => p.netPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const { body } = await shop.request('/cli/ecommerce/products/1109/?q=latte&s=2&p=1');
    const page = productPage.parse(body.data);
    expect(page.data).toHaveLength(2);
    expect(page.totalElements).toBe((await search('latte')).total);
    const past = productPage.parse(
      (await shop.request(`/cli/ecommerce/products/1109/?q=latte&s=2&p=${page.totalPages + 3}`)).body.data,
    );
    expect(past.data).toEqual([]);
    expect(past.totalElements).toBe(page.totalElements);
  });

  it('answers an empty page, not an error, for words nothing matches or only stop words', async () => {
    expect((await search('zzzqqqxx')).total).toBe(0);
    const { status, body } = await shop.request('/cli/ecommerce/products/1109/?q=%26%7C%21%3A*');
    expect(status).toBe(200);
    expect(body.responseCode).toBe(0);
    expect((await search('di')).total).toBeGreaterThanOrEqual(0);
  });

  it('pages a search, ranked across the names that start with the word and the others or sorted, without losing or repeating one', async () => {
    for (const [q, extra] of [
      ['latte', ''],
      ['pomodoro', ''],
      ['latte bio', ''],
      ['caffe', ''],
      ['latte', '&category=01'],
      // In an order the shopper chose: slices of the whole order, kept once read.
      ['latte', '&sort=price-ASC'],
      ['pomodoro', '&sort=price-DESC'],
      ['latte', '&sort=description-DESC'],
      ['latte', '&sort=price&direction=DESC&category=01'],
    ] as const) {
      const whole = await search(q, extra);
      expect(whole.total).toBe(whole.names.length);
      const barcodes: string[] = [];
      for (let p = 0; p * 3 < whole.total + 3; p++) {
        const { body } = await shop.request(
          `/cli/ecommerce/products/1109/?q=${encodeURIComponent(q)}&s=3&p=${p}${extra}`,
        );
        const page = productPage.parse(body.data);
        expect(page.totalElements, `${q}${extra} page ${p}`).toBe(whole.total);
        barcodes.push(...page.data.map((product) => product.barcode));
      }
      expect(barcodes, `${q}${extra}`).toEqual(whole.products.map((product) => product.barcode));
    }
  });

  it('orders the names that start with the word as a shopper reads them, accents aside', async () => {
    const { names } = await search('caffe');
    const leading = names.filter((n) => /^caff[eè]/i.test(n));
    expect(leading.length).toBeGreaterThan(1);
    expect(names.slice(0, leading.length)).toEqual(leading);
    const plain = (n: string) =>
      n
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    expect(leading).toEqual([...leading].sort((a, b) => (plain(a) < plain(b) ? -1 : plain(a) > plain(b) ? 1 : 0)));
  });
});
