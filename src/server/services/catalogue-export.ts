// The whole catalogue of a store in full (images and variants too), a page
// of products at a time in three queries: what the static build reads
// instead of one product detail call per product page.
import type { Db } from '../db/client.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { romeToday } from '#src/shared/time.ts';
import { productSelect } from './catalogue.ts';
import { toProduct, type ProductRow } from './product-mapping.ts';

/** Page p (0-based, s products, in id order) of the store's products, each as the product detail call answers it. */
export async function productsInFull(db: Db, storeId: number, p: number, s: number): Promise<Paged<Product>> {
  const rows = (await productSelect(db, storeId, romeToday())
    .orderBy('p.id')
    .limit(s)
    .offset(p * s)
    .execute()) as ProductRow[];
  const [{ n } = { n: 0 }] = await db
    .selectFrom('store_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .execute();
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  const variants = await variantsOf(db, rows);
  const products = rows.map((row) => toProduct(row, images.get(row.id) ?? [], variants.get(row.id) ?? []));
  return toPage(products, Number(n), p, s);
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
