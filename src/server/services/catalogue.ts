// Catalogue reads: category tree, product listing per store, product detail.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import {
  DEFAULT_STORE_ID,
  type Category,
  type ListedProduct,
  type Product,
  type ProductQuery,
  type Tag,
} from '#src/shared/contract/catalogue.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { BusinessError } from './outcomes.ts';
import { romeToday } from '#src/shared/time.ts';
import { listingOrder, searchTotal } from './listing-orders.ts';
import { searchSql, searchWords } from './product-search.ts';
import { toListedProduct, toProduct, type ProductRow } from './product-mapping.ts';
import { productTextsOf } from './product-texts.ts';
import { catalogueGeneration } from '../catalogue-version.ts';

export async function categoryTree(db: Db): Promise<Category[]> {
  const rows = await db
    .selectFrom('categories')
    .selectAll()
    .orderBy('level')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byId = new Map<string, Category>();
  const roots: Category[] = [];
  for (const row of rows) {
    const node: Category = { id: row.id, description: row.description, slug: row.slug, items: [] };
    byId.set(row.id, node);
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    (parent ? parent.items : roots).push(node);
  }
  return roots;
}

export async function productTags(db: Db): Promise<Tag[]> {
  const rows = await db.selectFrom('tags').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, description: r.description, imageUrl: r.image_url }));
}

/** Every product column an answer needs (not the search columns: a tsvector is costly to send). */
const productColumns = [
  'p.id',
  'p.barcode',
  'p.ref',
  'p.description',
  'p.brand',
  'p.branded',
  'p.image_url',
  'p.um',
  'p.purchase_um',
  'p.um_step',
  'p.min_weight',
  'p.max_amount',
  'p.attrib3',
  'p.category_id',
  'p.origin',
  'p.caliber',
  'p.ingredients',
  'p.allergy_advice',
  'p.allergy_other',
  'p.nutrition',
  'p.storage',
  'p.recycling',
  'p.variant_group',
  'p.water_pack',
  'p.unit_quantity',
  'p.unit_label',
  'p.food',
  'p.net_quantity',
  'p.operator_name',
  'p.operator_address',
  'p.origin_required',
  'p.nutrition_facts',
] as const;

/** The columns a cart row needs: no food information texts, which are long and only the product page shows. */
export const cartProductColumns = `p.id, p.barcode, p.ref, p.description, p.brand, p.branded, p.image_url, p.um, p.purchase_um, p.um_step,
  p.min_weight, p.max_amount, p.attrib3, p.category_id, p.variant_group, p.water_pack, p.unit_quantity, p.unit_label,
  NULL AS origin, NULL AS caliber, NULL AS ingredients, NULL AS allergy_advice, NULL AS allergy_other, NULL AS nutrition,
  NULL AS storage, NULL AS recycling, p.food, NULL AS net_quantity, NULL AS operator_name, NULL AS operator_address,
  p.origin_required, NULL::jsonb AS nutrition_facts`;

/** Today's promotion of the product `p` in a store, for a LEFT JOIN LATERAL (the first to end wins). */
export function promotionOf(storeId: number | RawBuilder<number>, today: string) {
  return sql`(SELECT pr.description AS promo_description, pr.value_type AS promo_type, pr.value AS promo_value, pr.valid_to AS promo_valid_to,
      pr.lowest_price_30_days_cents AS promo_lowest_cents
    FROM promotions pr WHERE pr.product_id = p.id AND pr.store_id = ${storeId} AND pr.valid_from <= ${today} AND pr.valid_to >= ${today}
    ORDER BY pr.valid_to LIMIT 1)`;
}

/** Product columns with the store's price, availability and current promotion. */
export function productSelect(db: Db, storeId: number, today: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', (j) => j.onRef('sp.product_id', '=', 'p.id').on('sp.store_id', '=', storeId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('promotions as pr')
          .select([
            'pr.description as promo_description',
            'pr.value_type as promo_type',
            'pr.value as promo_value',
            'pr.valid_to as promo_valid_to',
            'pr.lowest_price_30_days_cents as promo_lowest_cents',
          ])
          .whereRef('pr.product_id', '=', 'p.id')
          .where('pr.store_id', '=', storeId)
          .where('pr.valid_from', '<=', today)
          .where('pr.valid_to', '>=', today)
          .orderBy('pr.valid_to')
          .limit(1)
          .as('promo'),
      (j) => j.onTrue(),
    )
    .select(productColumns)
    .select([
      'sp.price_cents',
      'sp.available',
      'promo.promo_description',
      'promo.promo_type',
      'promo.promo_value',
      'promo.promo_valid_to',
      'promo.promo_lowest_cents',
    ]);
}

/** The price after today's promotion, as the listing sorts by it (the same rule as product-mapping's netPriceCents). */
function netPrice(storeId: number, today: string) {
  return sql<number>`coalesce((SELECT CASE WHEN pr.value_type = 'NEW_PRICE' THEN LEAST(sp.price_cents, round(pr.value * 100))
      WHEN pr.value_type = 'PERCENTAGE' THEN round(sp.price_cents * (100 - pr.value) / 100) ELSE sp.price_cents END
    FROM promotions pr WHERE pr.product_id = p.id AND pr.store_id = ${storeId} AND pr.valid_from <= ${today} AND pr.valid_to >= ${today}
    ORDER BY pr.valid_to LIMIT 1), sp.price_cents)`;
}

/** Listing filters on the product's category: an indexed expression per level (migration 0015). */
function inCategory(category: string) {
  if (category.length === 6) return sql<boolean>`p.category_id = ${category}`;
  if (category.length === 2 || category.length === 4)
    return sql<boolean>`substr(p.category_id, 1, ${sql.lit(category.length)}) = ${category}`;
  return sql<boolean>`p.category_id LIKE ${`${category}%`}`;
}

/**
 * A listing page: its product ids in order and its total, and each product's
 * JSON text from the kept texts (productTexts). A ranked search asks the
 * database for each page (one statement walks the lead index and counts the
 * matches, which the index bounds); any other listing (a category or the
 * whole store in name order or by price, promotions, branded, a tag, a search
 * in an order the shopper chose) is a slice of its whole order, read once per
 * catalogue version and day (listing-orders.ts).
 */
export async function listProductTexts(db: Db, storeId: number, query: ProductQuery): Promise<Paged<Buffer>> {
  const today = romeToday();
  const words = searchWords(query.q ?? '');
  const search = words.length > 0 ? searchSql(words) : null;
  const [field, dirFromSort] = (query.sort ?? 'description').split('-') as [
    'price' | 'description',
    'ASC' | 'DESC' | undefined,
  ];
  const direction = (dirFromSort ?? query.direction ?? 'ASC') === 'DESC' ? 'desc' : 'asc';
  const byPrice = field === 'price';

  // Sorted by price, every product of the category is priced: the store's rows
  // are looked up by key for those products (a hash join would read all of the
  // store's 20,000 rows for a category of a few hundred).
  const byKey = byPrice && !!query.category;
  // A listing or search not sorted by price keeps the store's products by the list
  // of stores on the product's row (migration 0013): no lookup in store_products for
  // each match of a search or each row a later page skips; the page's prices come
  // with its products' texts.
  const storeOnRow = !byPrice;
  // The statement's own words (the common table expression search_words) come
  // with its outermost query: a ranked search's parts (below) are made from the
  // plain db and put under it.
  const withWords = search ? db.with('search_words', (qb) => qb.selectNoFrom(search.words)) : db;
  // `storeInText`: the store's number written into the statement, not sent as a value: in a plan made once, the
  // planner then knows how many products the store has, and walks the lead index in order (a ranked search).
  const rowsFrom = (from: Db, storeInText = false) => {
    // A listing or search reads the narrow copy of the products' search columns (migration 0014): a search's matches
    // are walked without the products' long texts, and a category page is read from its index alone (migration
    // 0015). Typed as products: the statement reads only columns both tables have (id, store_ids, category_id,
    // branded, search_doc, search_text; name_key below).
    const table = 'product_search as p' as 'products as p';
    const joined = (
      byKey
        ? from.selectFrom(table).innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('store_products as s')
                .select(['s.product_id', 's.price_cents', 's.available'])
                .whereRef('s.product_id', '=', 'p.id')
                .where('s.store_id', '=', storeId)
                // LIMIT keeps the planner from flattening the lookup back into a hash join.
                .limit(1)
                .as('sp'),
            (j) => j.onTrue(),
          )
        : from
            .selectFrom(table)
            .innerJoin('store_products as sp', (j) =>
              j.onRef('sp.product_id', '=', 'p.id').on('sp.store_id', '=', storeId),
            )
    ).select('p.id');
    let base = storeOnRow
      ? // The same query builder type as `joined`: only p's columns are read below.
        (from
          .selectFrom(table)
          .select('p.id')
          .where(
            sql<boolean>`p.store_ids @> ARRAY[${storeInText ? sql.lit(storeId) : storeId}::integer]`,
          ) as unknown as typeof joined)
      : joined;
    if (query.category) base = base.where(inCategory(query.category));
    if (query.onlyBranded) base = base.where('p.branded', '=', true);
    if (query.onlyPromotions)
      base =
        base.where(sql<boolean>`EXISTS (SELECT 1 FROM promotions pr WHERE pr.product_id = p.id AND pr.store_id = ${storeId}
      AND pr.valid_from <= ${today} AND pr.valid_to >= ${today})`);
    if (query.tag !== undefined)
      base = base.where(
        sql<boolean>`EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = p.id AND pt.tag_id = ${query.tag})`,
      );
    return base;
  };
  // What a listing's products depend on besides the store, the day and the order: part of every key kept below.
  const filters = [query.category ?? '', query.onlyPromotions, query.onlyBranded, query.tag];
  // A text search without an explicit sort puts the best matches first: the
  // products whose name starts with the first word, in the order of their
  // accent-free names, then the others (a word of the name starts with it,
  // then brand, tag or stem), in name order. One statement counts the matches
  // and reads the page's first products from the lead index (migration 0016),
  // in order, 24 rows, without sorting every match; only a page that reaches
  // past those products sorts the others, for the rest of the page.
  if (search && !query.sort) {
    const offset = query.p * query.s;
    const rows = rowsFrom(db, true);
    // The matches are counted by the first search of these words and filters in this catalogue version and day,
    // then kept (listing-orders.ts): a later page, or the next shopper, reads only its page.
    const counting = await searchTotal(db, `${storeId}|${today}|${JSON.stringify([...filters, words])}`);
    const counted =
      counting.total === undefined
        ? rows.where(search.match).clearSelect().select(sql<string>`count(*)`.as('total'))
        : db.selectNoFrom(sql<string>`${counting.total}::bigint`.as('total'));
    const leadRows = rows.where(search.leadRange).where(search.matchEach);
    // How many products lead, for a page past them: counted on the lead index, only then.
    const leading = leadRows.clearSelect().select(sql`count(*)`.as('n'));
    const leaders = leadRows
      .select(search.leadOrder.as('k'))
      .orderBy(search.leadOrder)
      .orderBy('p.id')
      .limit(query.s)
      .offset(offset);
    const others = rows
      .where(search.match)
      .where(sql<boolean>`NOT ${search.leads}`)
      .select([search.relevance.as('r'), sql<string>`p.name_key`.as('n')])
      .orderBy(search.relevance)
      .orderBy(sql`p.name_key`)
      .orderBy('p.id')
      .limit(sql<number>`${query.s} - cardinality(l.ids)`)
      .offset(sql<number>`greatest(0, ${offset} - ${leading})`);
    const statement = withWords
      .selectFrom(counted.as('t'))
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom(leaders.as('x'))
            .select(sql<string[]>`coalesce(array_agg(x.id ORDER BY x.k, x.id), '{}')`.as('ids'))
            .as('l'),
        (j) => j.onTrue(),
      )
      // Read only when the page reaches past the first products (a test of the outer row: PostgreSQL makes it
      // before it runs the part below it).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom(others.as('y'))
            .select(sql<string[] | null>`array_agg(y.id ORDER BY y.r, y.n, y.id)`.as('ids'))
            .where(sql<boolean>`cardinality(l.ids) < ${query.s} AND ${offset} + cardinality(l.ids) < t.total`)
            .as('o'),
        (j) => j.onTrue(),
      )
      .select(['t.total', 'l.ids as leaders', 'o.ids as others']);
    // The store's number is in the text (rowsFrom), so that a plan kept for the statement walks the lead index.
    const { rows: found } = await sql<{
      total: string;
      leaders: (string | number)[];
      others: (string | number)[] | null;
    }>`${statement}`.execute(db);
    const row = found[0];
    const total = Number(row?.total ?? 0);
    if (counting.total === undefined) counting.keep(total);
    const ids = [...(row?.leaders ?? []), ...(row?.others ?? [])].map(Number);
    return toPage(await productTexts(db, storeId, today, ids), total, query.p, query.s);
  }
  // Any other listing (a category or the whole store in name order or by price; only promotions, branded products
  // or a tag; a search in an order the shopper chose): every product of it in order, read once per catalogue version
  // and day (listing-orders.ts). A page is a slice of it, its total the list's length. In name order, the read walks
  // the category's covering index (migration 0015).
  const sortKey = byPrice ? netPrice(storeId, today) : sql`p.name_key`;
  const key = `${storeId}|${today}|${JSON.stringify([...filters, field, direction, words])}`;
  const order = await listingOrder(db, key, async () => {
    const base = rowsFrom(withWords as unknown as Db);
    const statement = (search ? base.where(search.match) : base).orderBy(sortKey, direction).orderBy('p.id');
    const rows = await statement.execute();
    return Float64Array.from(rows, (r) => Number(r.id));
  });
  const offset = query.p * query.s;
  const texts = await productTexts(db, storeId, today, Array.from(order.subarray(offset, offset + query.s)));
  return toPage(texts, order.length, query.p, query.s);
}

/** Products read by key for the memo of texts, with the store's price and today's promotion. */
const productsByKey = compiledOnce((db: Db, storeId: number, today: string, ids: number[]) =>
  productSelect(db, storeId, today).where(sql<boolean>`p.id = ANY(${ids}::bigint[])`),
);

/**
 * Each product's JSON text as a listing shows it in the store, in the order of
 * `ids`: kept per catalogue generation (product-texts.ts), the others read by
 * key in one statement and kept.
 */
async function productTexts(db: Db, storeId: number, today: string, ids: number[]): Promise<Buffer[]> {
  const generation = await catalogueGeneration(db, today);
  const memo = productTextsOf(db);
  const known = memo.of(generation, storeId, ids);
  const missing = ids.filter((id) => !known.has(id));
  let read: Map<number, Buffer> | undefined;
  if (missing.length > 0) {
    const rows = await productsByKey(db, storeId, today, missing);
    read = new Map(rows.map((r) => [Number(r.id), keptBytes(JSON.stringify(toListedProduct(r as ProductRow)))]));
    memo.keep(generation, storeId, read);
  }
  // A product gone from the store between the two statements (an import) is left out of the page.
  return ids.flatMap((id) => known.get(id) ?? read?.get(id) ?? []);
}

/**
 * A text's bytes in memory of their own: Buffer.from would put a short text in
 * Node's shared 8 kB pool, and a kept text would hold its whole pool block.
 */
function keptBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** A listing page with its products as objects (bench:explain and tests; the API sends the texts as they are). */
export async function listProducts(db: Db, storeId: number, query: ProductQuery): Promise<Paged<ListedProduct>> {
  const page = await listProductTexts(db, storeId, query);
  return { ...page, data: page.data.map((text) => JSON.parse(text.toString()) as ListedProduct) };
}

/**
 * A product with its images and variants, in one indexed query (by barcode, then by key). Most products
 * have no variants: theirs are not looked for (the subquery's aggregate cost a tenth of the statement).
 */
const productDetail = compiledOnce((db: Db, storeId: number, today: string, barcode: string) =>
  productSelect(db, storeId, today)
    .select(
      sql<
        string[]
      >`(SELECT coalesce(json_agg(i.url ORDER BY i.position), '[]') FROM product_images i WHERE i.product_id = p.id)`.as(
        'images',
      ),
    )
    .select(
      sql<
        Product['productVariants']
      >`CASE WHEN p.variant_group IS NULL THEN '[]'::json ELSE (SELECT coalesce(json_agg(json_build_object('barcode', v.barcode,
      'description', v.description, 'imageUrl', v.image_url) ORDER BY v.description), '[]') FROM products v
      WHERE v.variant_group = p.variant_group AND v.id <> p.id) END`.as('variants'),
    )
    .where('p.barcode', '=', barcode),
);

/**
 * The store a product is shown from where the asked store does not sell it: the default store when
 * that sells it, else the first store that does; null when no store sells it (withdrawn). Such a
 * product is shown as unavailable, so every product sold somewhere has its page (the export below).
 */
export function storeToShowFrom(soldIn: readonly number[]): number | null {
  if (soldIn.includes(DEFAULT_STORE_ID)) return DEFAULT_STORE_ID;
  return soldIn.length > 0 ? Math.min(...soldIn) : null;
}

export async function productByBarcode(db: Db, barcode: string, storeId = DEFAULT_STORE_ID): Promise<Product> {
  const today = romeToday();
  let [row] = await productDetail(db, storeId, today, barcode);
  if (!row) {
    // Not sold in that store: shown from another store that sells it, as unavailable.
    const sold = await db.selectFrom('products').select('store_ids').where('barcode', '=', barcode).executeTakeFirst();
    const from = sold ? storeToShowFrom(sold.store_ids.filter((id) => id !== storeId)) : null;
    if (from !== null) [row] = await productDetail(db, from, today, barcode);
    if (row) row = { ...row, available: false };
  }
  if (!row) throw new BusinessError(ErrorCode.PRODUCT_NOT_FOUND);
  return toProduct(row as ProductRow, row.images, row.variants);
}
