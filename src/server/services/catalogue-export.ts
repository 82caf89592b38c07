// The whole catalogue for a store in full (images and variants too), a page
// of products at a time in a few queries: what the static build reads
// instead of one product detail call per product page. Every product sold in
// some store is in it, as the product detail call answers it for this store:
// one the store does not sell comes from another store's shelf, unavailable
// (storeToShowFrom), so it still has its page.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { romeToday } from '#src/shared/time.ts';
import { productSelect, storeToShowFrom } from './catalogue.ts';
import { toProduct, type ProductRow } from './product-mapping.ts';

/** Sold in some store: the stores on the product's row (migration 0013). */
const soldSomewhere = sql<boolean>`cardinality(store_ids) > 0`;

/** Page p (0-based, s products, in id order) of the products sold anywhere, each as the detail call answers it for the store. */
export async function productsInFull(db: Db, storeId: number, p: number, s: number): Promise<Paged<Product>> {
  const page = await db
    .selectFrom('products')
    .select(['id', 'store_ids'])
    .where(soldSomewhere)
    .orderBy('id')
    .limit(s)
    .offset(p * s)
    .execute();
  const [{ n } = { n: 0 }] = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(soldSomewhere)
    .execute();
  const rows = await rowsFrom(db, storeId, page);
  const images = await imagesOf(
    db,
    page.map((r) => r.id),
  );
  const found = page.flatMap(({ id }) => rows.get(id) ?? []);
  const variants = await variantsOf(db, found);
  const products = found.map((row) => toProduct(row, images.get(row.id) ?? [], variants.get(row.id) ?? []));
  return toPage(products, Number(n), p, s);
}

/** Each product's row from the store's shelf, or, where the store does not sell it, another's (unavailable). */
async function rowsFrom(db: Db, storeId: number, page: { id: number; store_ids: number[] }[]) {
  const byStore = new Map<number, number[]>();
  for (const { id, store_ids } of page) {
    const from = store_ids.includes(storeId) ? storeId : storeToShowFrom(store_ids);
    if (from !== null) byStore.set(from, [...(byStore.get(from) ?? []), id]);
  }
  const today = romeToday();
  const rows = new Map<number, ProductRow>();
  for (const [from, ids] of byStore) {
    const found = (await productSelect(db, from, today).where('p.id', 'in', ids).execute()) as ProductRow[];
    for (const row of found) rows.set(row.id, from === storeId ? row : { ...row, available: false });
  }
  return rows;
}

async function imagesOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'url'])
    .where('product_id', 'in', ids)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const { product_id, url } of rows) byProduct.set(product_id, [...(byProduct.get(product_id) ?? []), url]);
  return byProduct;
}

/** Each product's variants: the other products of its variant group, by description as the detail call orders them. */
async function variantsOf(db: Db, rows: ProductRow[]): Promise<Map<number, Product['productVariants']>> {
  const byProduct = new Map<number, Product['productVariants']>();
  const groups = [...new Set(rows.map((r) => r.variant_group).filter((g): g is string => g !== null))];
  if (groups.length === 0) return byProduct;
  const members = await db
    .selectFrom('products')
    .select(['id', 'barcode', 'description', 'image_url', 'variant_group'])
    .where('variant_group', 'in', groups)
    .orderBy('description')
    .orderBy('id')
    .execute();
  const byGroup = Map.groupBy(members, (m) => m.variant_group);
  for (const row of rows) {
    const others = (byGroup.get(row.variant_group) ?? []).filter((m) => m.id !== row.id);
    if (others.length > 0)
      byProduct.set(
        row.id,
        others.map((m) => ({ barcode: m.barcode, description: m.description, imageUrl: m.image_url })),
      );
  }
  return byProduct;
}
