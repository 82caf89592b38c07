// Catalogue reads: category tree, product listing per store, product detail.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { DEFAULT_STORE_ID, type Category, type Product, type ProductQuery, type Tag } from '#src/shared/contract/catalogue.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { BusinessError } from '../http.ts';
import { romeToday } from '#src/shared/time.ts';
import { normaliseSearch } from '#src/shared/search-text.ts';
import { toProduct, type ProductRow } from './product-mapping.ts';

export async function categoryTree(db: Db): Promise<Category[]> {
  const rows = await db.selectFrom('categories').selectAll().orderBy('level').orderBy('position').orderBy('id').execute();
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

/** Product columns with the store's price, availability and current promotion. */
export function productSelect(db: Db, storeId: number, today: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('store_products as sp', (j) => j.onRef('sp.product_id', '=', 'p.id').on('sp.store_id', '=', storeId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('promotions as pr')
          .select(['pr.description as promo_description', 'pr.value_type as promo_type', 'pr.value as promo_value', 'pr.valid_to as promo_valid_to'])
          .whereRef('pr.product_id', '=', 'p.id')
          .where('pr.store_id', '=', storeId)
          .where('pr.valid_from', '<=', today)
          .where('pr.valid_to', '>=', today)
          .orderBy('pr.valid_to')
          .limit(1)
          .as('promo'),
      (j) => j.onTrue(),
    )
    .selectAll('p')
    .select(['sp.price_cents', 'sp.available', 'promo.promo_description', 'promo.promo_type', 'promo.promo_value', 'promo.promo_valid_to']);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface SearchWord {
  /** Matched anywhere, so typing 'pomo' already finds 'pomodoro'. */
  word: string;
  /** For words of 4+ letters ending in a vowel: the same word with any final vowel ('pomodori' → 'pomodoro'). */
  stem: string | null;
}

/** Italian-aware search words: accents and case folded, singular and plural alike. */
export function searchWords(text: string): SearchWord[] {
  return normaliseSearch(text)
    .split(' ')
    .filter((w) => w.length > 0)
    .map((word) => ({ word, stem: word.length >= 4 && /[aeiou]$/.test(word) ? word.slice(0, -1) : null }));
}

export async function listProducts(db: Db, storeId: number, query: ProductQuery): Promise<Paged<Product>> {
  const today = romeToday();
  let select = productSelect(db, storeId, today);
  if (query.category) select = select.where('p.category_id', 'like', `${query.category}%`);
  const words = searchWords(query.q ?? '');
  for (const { word, stem } of words) {
    // normaliseSearch leaves only [a-z0-9 ], so the stem is safe inside a regular expression.
    select = select.where((eb) =>
      stem
        ? eb.or([eb('p.search_text', 'like', `%${escapeLike(word)}%`), eb('p.search_text', '~', `\\m${stem}[aeiou]\\M`)])
        : eb('p.search_text', 'like', `%${escapeLike(word)}%`),
    );
  }
  if (query.onlyPromotions) select = select.where('promo.promo_type', 'is not', null);
  if (query.onlyBranded) select = select.where('p.branded', '=', true);
  if (query.tag !== undefined) {
    const tagId = query.tag;
    select = select.where((eb) =>
      eb.exists(eb.selectFrom('product_tags as pt').select('pt.tag_id').whereRef('pt.product_id', '=', 'p.id').where('pt.tag_id', '=', tagId)),
    );
  }
  const [field, dirFromSort] = (query.sort ?? 'description').split('-') as ['price' | 'description', 'ASC' | 'DESC' | undefined];
  const direction = (dirFromSort ?? query.direction ?? 'ASC') === 'DESC' ? 'desc' : 'asc';
  const netPrice = sql<number>`CASE WHEN promo.promo_type = 'NEW_PRICE' THEN round(promo.promo_value * 100)
    WHEN promo.promo_type = 'PERCENTAGE' THEN round(sp.price_cents * (100 - promo.promo_value) / 100)
    ELSE sp.price_cents END`;
  // A text search without an explicit sort puts the best matches first: the
  // first word found earliest in the name.
  const lead = words[0] ? (words[0].stem ?? words[0].word) : null;
  const relevance = lead && !query.sort
    ? sql<number>`CASE WHEN p.search_text LIKE ${`${escapeLike(lead)}%`} THEN 0 WHEN p.search_text ~ ${`\\m${lead}`} THEN 1 ELSE 2 END`
    : null;
  let ordered = select.select(sql<number>`count(*) over ()`.as('total_count'));
  if (relevance) ordered = ordered.orderBy(relevance);
  const rows = await ordered
    .orderBy(field === 'price' ? netPrice : sql`lower(p.description)`, direction)
    .orderBy('p.id')
    .limit(query.s)
    .offset(query.p * query.s)
    .execute();
  // A page past the end has no row to carry the window count: count apart.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : query.p === 0
        ? 0
        : Number((await select.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return toPage(rows.map((r) => toProduct(r as ProductRow, [], [])), total, query.p, query.s);
}

export async function productByBarcode(db: Db, barcode: string, storeId = DEFAULT_STORE_ID): Promise<Product> {
  const today = romeToday();
  let row = await productSelect(db, storeId, today).where('p.barcode', '=', barcode).executeTakeFirst();
  if (!row && storeId !== DEFAULT_STORE_ID) {
    // Not sold in that store: show it (from the default store) as unavailable.
    row = await productSelect(db, DEFAULT_STORE_ID, today).where('p.barcode', '=', barcode).executeTakeFirst();
    if (row) row = { ...row, available: false };
  }
  if (!row) throw new BusinessError(ErrorCode.PRODUCT_NOT_FOUND);
  const images = await db.selectFrom('product_images').select('url').where('product_id', '=', row.id).orderBy('position').execute();
  const variants = row.variant_group
    ? await db
        .selectFrom('products')
        .select(['barcode', 'description', 'image_url'])
        .where('variant_group', '=', row.variant_group)
        .where('id', '!=', row.id)
        .orderBy('description')
        .execute()
    : [];
  return toProduct(
    row as ProductRow,
    images.map((i) => i.url),
    variants.map((v) => ({ barcode: v.barcode, description: v.description, imageUrl: v.image_url })),
  );
}
