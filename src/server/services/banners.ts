// Banners: the current ones for a channel, a store's header banner, and a
// banner's products (paged by 10) with the store's prices.
import { sql } from 'kysely';
import type { Banner } from '#src/shared/contract/banners.ts';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { romeToday } from '#src/shared/time.ts';
import type { Db } from '../db/client.ts';
import { BusinessError } from './outcomes.ts';
import { productSelect } from './catalogue.ts';
import { toListedProduct, type ProductRow } from './product-mapping.ts';

function current(db: Db) {
  const today = romeToday();
  return db
    .selectFrom('banners as b')
    .select(['b.id', 'b.title', 'b.image_url', 'b.image_app', 'b.header_store'])
    .select(sql<boolean>`exists (select 1 from banner_products bp where bp.banner_id = b.id)`.as('has_products'))
    .where((eb) => eb.or([eb('b.valid_from', 'is', null), eb('b.valid_from', '<=', today)]))
    .where((eb) => eb.or([eb('b.valid_to', 'is', null), eb('b.valid_to', '>=', today)]));
}

const toBanner = (r: {
  id: number;
  title: string;
  image_url: string;
  image_app: string;
  has_products: boolean;
}): Banner => ({
  id: r.id,
  title: r.title,
  imageUrl: r.image_url,
  imageApp: r.image_app,
  hasProducts: r.has_products,
});

export async function banners(db: Db, category: string): Promise<Banner[]> {
  return (await current(db).where('b.category', '=', category).orderBy('b.position').orderBy('b.id').execute()).map(
    toBanner,
  );
}

/** The banner shown at the top for a store (its own header banner, else the first current one). */
export async function headerBanner(db: Db, storeId: number): Promise<Banner | null> {
  const own = await current(db).where('b.header_store', '=', storeId).orderBy('b.position').executeTakeFirst();
  const row = own ?? (await current(db).orderBy('b.position').orderBy('b.id').executeTakeFirst());
  return row ? toBanner(row) : null;
}

export async function bannerProducts(
  db: Db,
  bannerId: number,
  storeId: number,
  page: number,
  size: number,
): Promise<Paged<ListedProduct>> {
  const exists = await db.selectFrom('banners').select('id').where('id', '=', bannerId).executeTakeFirst();
  if (!exists) throw new BusinessError(ErrorCode.GENERIC, 'Banner non trovato.');
  const rows = await productSelect(db, storeId, romeToday())
    .innerJoin('banner_products as bp', 'bp.product_id', 'p.id')
    .where('bp.banner_id', '=', bannerId)
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .orderBy('bp.position')
    .limit(size)
    .offset(page * size)
    .execute();
  const total = rows.length
    ? Number(rows[0]!.total_count)
    : Number(
        (
          await db
            .selectFrom('banner_products')
            .select(sql<number>`count(*)`.as('n'))
            .where('banner_id', '=', bannerId)
            .executeTakeFirstOrThrow()
        ).n,
      );
  return toPage(
    rows.map((r) => toListedProduct(r as ProductRow)),
    total,
    page,
    size,
  );
}
