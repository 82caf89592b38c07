// The first vertical slice of the catalogue API, as a caller sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { category, product, productPage, type Category } from '#src/shared/contract/catalogue.ts';
import { romeToday } from '#src/shared/time.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 400 });
});
afterAll(async () => {
  await shop.close();
});

const depth = (c: Category): number => 1 + Math.max(0, ...c.items.map(depth));

describe('GET /cli/categories', () => {
  it('answers the three-level tree in Italian inside the envelope', async () => {
    const { status, body } = await shop.request('/cli/categories');
    expect(status).toBe(200);
    expect(body.responseCode).toBe(0);
    const tree = category.array().parse(body.data);
    expect(tree.map((c) => c.description)).toEqual(expect.arrayContaining(['Frutta e verdura', 'Surgelati']));
    expect(Math.max(...tree.map(depth))).toBe(3);
    const frozen = tree.find((c) => c.description === 'Surgelati')!;
    expect(frozen.id).toBe('04');
    for (const second of frozen.items) {
      expect(second.id.startsWith('04')).toBe(true);
      for (const third of second.items) expect(third.id.startsWith(second.id)).toBe(true);
    }
  });
});

describe('GET /cli/ecommerce/products/{storeId}/', () => {
  it('searches the store 1109 for "latte" and answers the paged shape', async () => {
    const { status, body } = await shop.request('/cli/ecommerce/products/1109/?p=0&q=latte');
    expect(status).toBe(200);
    expect(body.responseCode).toBe(0);
    const page = productPage.parse(body.data);
    expect(page.number).toBe(0);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.totalElements).toBeGreaterThanOrEqual(page.data.length);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 24));
    for (const p of page.data) expect(`${p.description} ${p.brand ?? ''}`.toLowerCase()).toContain('latte');
  });

  it('matches Italian plurals and accents: "pomodori" finds the tomatoes, best matches first', async () => {
    const page = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?q=pomodori&s=50')).body.data);
    expect(page.data.length).toBeGreaterThan(0);
    for (const p of page.data) expect(`${p.description} ${p.brand ?? ''}`.toLowerCase()).toContain('pomodor');
    const first = page.data[0]!.description.toLowerCase();
    expect(first.startsWith('pomodor')).toBe(true);
    const accented = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?q=caff%C3%A8')).body.data);
    const plain = productPage.parse((await shop.request('/cli/ecommerce/products/1109/?q=caffe')).body.data);
    expect(accented.totalElements).toBe(plain.totalElements);
  });

  it('pages through a category with 0-based page numbers and a last flag', async () => {
    const first = productPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/?p=0&s=5&category=01')).body.data,
    );
    expect(first.data).toHaveLength(5);
    expect(first.data.every((p) => p.categoryId.startsWith('01'))).toBe(true);
    const lastIndex = first.totalPages - 1;
    const last = productPage.parse(
      (await shop.request(`/cli/ecommerce/products/1109/?p=${lastIndex}&s=5&category=01`)).body.data,
    );
    expect(last.last).toBe(true);
    expect(last.number).toBe(lastIndex);
    const beyond = productPage.parse(
      (await shop.request(`/cli/ecommerce/products/1109/?p=${lastIndex + 3}&s=5&category=01`)).body.data,
    );
    expect(beyond).toMatchObject({ data: [], totalElements: first.totalElements, last: true });
  });

  it("lists each level's categories and the whole store by name, both ways, page after page, with their totals", async () => {
    // What the store sells in the category, from the tables themselves, in the listing's order.
    const expected = async (category: string, desc: boolean) => {
      const { rows } = await sql<{ barcode: string }>`SELECT p.barcode FROM products p
        JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = 1109
        WHERE p.category_id LIKE ${`${category}%`}
        ORDER BY lower(p.description) ${sql.raw(desc ? 'DESC' : 'ASC')}, p.id`.execute(shop.handle.db);
      return rows.map((r) => r.barcode);
    };
    const { rows: categories } = await sql<{ id: string }>`SELECT DISTINCT c.id FROM categories c
      WHERE EXISTS (SELECT 1 FROM products p JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = 1109
        WHERE p.category_id LIKE c.id || '%')
      ORDER BY c.id`.execute(shop.handle.db);
    // Two categories of each level: a statement kept for a level must serve every category of it.
    const chosen = [2, 4, 6].flatMap((length) => categories.filter((c) => c.id.length === length).slice(0, 2));
    expect(chosen).toHaveLength(6);
    for (const category of ['', ...chosen.map((c) => c.id)]) {
      for (const desc of [false, true]) {
        const want = await expected(category, desc);
        const size = category ? 7 : 100;
        const seen: string[] = [];
        for (let p = 0; p < Math.min(Math.ceil(want.length / size), 3); p++) {
          const query = `p=${p}&s=${size}${category ? `&category=${category}` : ''}${desc ? '&direction=DESC' : ''}`;
          const page = productPage.parse((await shop.request(`/cli/ecommerce/products/1109/?${query}`)).body.data);
          expect(page.totalElements, query).toBe(want.length);
          expect(page.number).toBe(p);
          seen.push(...page.data.map((product) => product.barcode));
        }
        expect(seen).toEqual(want.slice(0, seen.length));
        expect(seen.length).toBe(Math.min(want.length, 3 * size));
      }
    }
  });

  it('gives featured products with onlyPromotions=true, each cheaper than its list price', async () => {
    const page = productPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/?onlyPromotions=true&s=50')).body.data,
    );
    expect(page.data.length).toBeGreaterThan(0);
    for (const p of page.data) {
      expect(p.promotions).toHaveLength(1);
      expect(p.netPrice).toBeLessThan(p.price);
      expect(p.promotions[0]!.validTo >= romeToday()).toBe(true);
    }
  });

  it('sorts by price and by description in both directions', async () => {
    const asc = productPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/?category=01&sort=price-ASC&s=50')).body.data,
    );
    const prices = asc.data.map((p) => p.netPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = productPage.parse(
      (await shop.request('/cli/ecommerce/products/1109/?category=01&sort=description&direction=DESC&s=50')).body.data,
    );
    const names = desc.data.map((p) => p.description.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it.each([
    ['p=-1', 'p'],
    ['p=abc', 'p'],
    ['sort=cheapest', 'sort'],
    ['onlyPromotions=maybe', 'onlyPromotions'],
    ['category=frutta', 'category'],
    ['unknown=1', ''],
  ])('refuses the malformed query %s with 400 and responseCode 4000', async (query, path) => {
    const { status, body } = await shop.request(`/cli/ecommerce/products/1109/?${query}`);
    expect(status).toBe(400);
    expect(body.responseCode).toBe(4000);
    expect(body.errorMessage).toEqual(expect.any(String));
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it('refuses text with a NUL character with 400, not 500 (found by the fuzz test)', async () => {
    for (const path of ['/cli/cms/banners?category=%00', '/cli/ecommerce/products/1109/?q=la%00tte']) {
      const { status, body } = await shop.request(path);
      expect(status, path).toBe(400);
      expect(body.responseCode).toBe(4000);
    }
  });

  it('refuses a store id that is not a number', async () => {
    const { status, body } = await shop.request('/cli/ecommerce/products/bari/?p=0');
    expect(status).toBe(400);
    expect(body.responseCode).toBe(4000);
  });
});

describe('GET /cli/ecommerce/products/barcode/{barcode}', () => {
  it('answers the product with its store price in euro and the promotion applied', async () => {
    const row = await shop.handle.db
      .selectFrom('products')
      .select(['id', 'barcode', 'description'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 199, available: true })
      .where('store_id', '=', 1109)
      .where('product_id', '=', row.id)
      .execute();
    await shop.handle.db.deleteFrom('promotions').where('product_id', '=', row.id).execute();
    await shop.handle.db
      .insertInto('promotions')
      .values({
        store_id: 1109,
        product_id: row.id,
        description: 'Sconto 20%',
        value_type: 'PERCENTAGE',
        value: 20,
        valid_from: '2020-01-01',
        valid_to: '2099-12-31',
      })
      .execute();
    const { body } = await shop.request(`/cli/ecommerce/products/barcode/${row.barcode}?store=1109`);
    expect(body.responseCode).toBe(0);
    const p = product.parse(body.data);
    expect(p).toMatchObject({ barcode: row.barcode, description: row.description, price: 1.99, netPrice: 1.59 });
    expect(p.promotions).toEqual([
      { description: 'Sconto 20%', valueType: 'PERCENTAGE', value: 20, validTo: '2099-12-31' },
    ]);
    expect(p.images.length).toBeGreaterThan(0);
  });

  it("gives the price per kg from the store's own price", async () => {
    const row = await shop.handle.db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('um', '=', 'KG')
      .limit(1)
      .executeTakeFirstOrThrow();
    await shop.handle.db
      .updateTable('store_products')
      .set({ price_cents: 1234 })
      .where('store_id', '=', 1109)
      .where('product_id', '=', row.id)
      .execute();
    await shop.handle.db.deleteFrom('promotions').where('product_id', '=', row.id).execute();
    const p = product.parse((await shop.request(`/cli/ecommerce/products/barcode/${row.barcode}`)).body.data);
    expect(p.attrib3).toBe(
      `${new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(12.34)}/kg`,
    );
  });

  it('ignores expired promotions', async () => {
    const row = await shop.handle.db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .orderBy('id')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await shop.handle.db.deleteFrom('promotions').where('product_id', '=', row.id).execute();
    await shop.handle.db
      .insertInto('promotions')
      .values({
        store_id: 1109,
        product_id: row.id,
        description: 'Finita',
        value_type: 'NEW_PRICE',
        value: 0.5,
        valid_from: '2020-01-01',
        valid_to: '2020-12-31',
      })
      .execute();
    const p = product.parse((await shop.request(`/cli/ecommerce/products/barcode/${row.barcode}`)).body.data);
    expect(p.promotions).toEqual([]);
    expect(p.netPrice).toBe(p.price);
  });

  it("lists a product's variants, the other products of its group by name, and none for a product without a group", async () => {
    const grouped = await shop.handle.db
      .selectFrom('products')
      .select(['variant_group'])
      .where('variant_group', 'is not', null)
      .groupBy('variant_group')
      .having(sql`count(*)`, '>=', 2)
      .orderBy('variant_group')
      .limit(1)
      .executeTakeFirstOrThrow();
    const members = await shop.handle.db
      .selectFrom('products')
      .select(['barcode', 'description', 'image_url'])
      .where('variant_group', '=', grouped.variant_group)
      .orderBy('description')
      .execute();
    const [first, ...others] = members;
    const p = product.parse((await shop.request(`/cli/ecommerce/products/barcode/${first!.barcode}`)).body.data);
    expect(p.productVariants).toEqual(
      others.map((o) => ({ barcode: o.barcode, description: o.description, imageUrl: o.image_url })),
    );
    const alone = await shop.handle.db
      .selectFrom('products')
      .select('barcode')
      .where('variant_group', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const single = product.parse((await shop.request(`/cli/ecommerce/products/barcode/${alone.barcode}`)).body.data);
    expect(single.productVariants).toEqual([]);
  });

  it('answers 4030 for an unknown barcode', async () => {
    const { status, body } = await shop.request('/cli/ecommerce/products/barcode/8000000000000');
    expect(status).toBe(200);
    expect(body).toEqual({ responseCode: 4030, errorMessage: 'Prodotto non trovato.' });
  });

  it('refuses a barcode that is not digits with 400', async () => {
    const { status, body } = await shop.request('/cli/ecommerce/products/barcode/%27%20OR%201=1');
    expect(status).toBe(400);
    expect(body.responseCode).toBe(4000);
  });

  it('answers the information fields on /info', async () => {
    const row = await shop.handle.db
      .selectFrom('products')
      .select('barcode')
      .where('ingredients', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const { body } = await shop.request(`/cli/ecommerce/products/barcode/${row.barcode}/info`);
    expect(body.responseCode).toBe(0);
    expect(body.data).toMatchObject({ barcode: row.barcode, ingredients: expect.any(String) });
  });
});

describe('the envelope for everything else', () => {
  it('answers an unknown /cli path with a JSON 404', async () => {
    const { status, body } = await shop.request('/cli/nowhere');
    expect(status).toBe(404);
    expect(body.responseCode).toBe(4000);
  });

  it('keeps the catalogue version readable after seeding', async () => {
    const version = await sql<{ value: string }>`SELECT value FROM catalogue_meta WHERE key = 'version'`.execute(
      shop.handle.db,
    );
    expect(version.rows[0]?.value).toMatch(/^[0-9a-f]{16}$/);
  });
});
