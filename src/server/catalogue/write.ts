// The writes of a catalogue import, inside the caller's transaction. Every
// statement is a bulk one: rows travel as one JSON parameter, unpacked by
// jsonb_to_recordset, a few thousand at a time — the same SQL on PGlite and
// PostgreSQL, and 220,000 prices in seconds instead of 220,000 statements.
import { sql } from 'kysely';
import { normaliseSearch } from '#src/shared/search-text.ts';
import { romeToday } from '#src/shared/time.ts';
import { euroToCents, type CatalogueFeed } from './feed.ts';
import { bulk, inList, rows, type Trx } from './bulk-sql.ts';
import { writeStoreDetails } from './write-stores.ts';

export type WriteStep =
  | 'stores'
  | 'categories'
  | 'products'
  | 'storeDetails'
  | 'prices'
  | 'promotions'
  | 'banners'
  | 'meta';
async function writeStores(trx: Trx, feed: CatalogueFeed): Promise<void> {
  await bulk(
    trx,
    feed.states,
    (j) => sql`INSERT INTO states (id, description) SELECT id, description FROM ${rows(j, 'id text, description text')}
    ON CONFLICT (id) DO UPDATE SET description = excluded.description`,
  );
  const stores = feed.stores.map((s) => ({
    ...s,
    deliveryFee: euroToCents(s.deliveryFee),
    bagFee: euroToCents(s.bagFee),
    minNetTotal: euroToCents(s.minNetTotal),
  }));
  await bulk(
    trx,
    stores,
    (j) => sql`INSERT INTO stores (id, name, description, address, town, county, zip, state_id, latitude, longitude,
      phone, email, web_url, logo_image_url, delivery_fee_cents, bag_fee_cents, min_net_total_cents, superstore)
    SELECT id, name, description, address, town, county, zip, "stateId", latitude, longitude, phone, email, "webUrl", "logoImageUrl",
      "deliveryFee", "bagFee", "minNetTotal", superstore
    FROM ${rows(
      j,
      `id int, name text, description text, address text, town text, county text, zip text, "stateId" text,
      latitude float8, longitude float8, phone text, email text, "webUrl" text, "logoImageUrl" text, "deliveryFee" int, "bagFee" int,
      "minNetTotal" int, superstore bool`,
    )}
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, address = excluded.address,
      town = excluded.town, county = excluded.county, zip = excluded.zip, state_id = excluded.state_id, latitude = excluded.latitude,
      longitude = excluded.longitude, phone = excluded.phone, email = excluded.email, web_url = excluded.web_url,
      logo_image_url = excluded.logo_image_url, delivery_fee_cents = excluded.delivery_fee_cents, bag_fee_cents = excluded.bag_fee_cents,
      min_net_total_cents = excluded.min_net_total_cents, superstore = excluded.superstore`,
  );
}

async function writeCategories(trx: Trx, feed: CatalogueFeed): Promise<void> {
  // Parents first: parent_id is a foreign key checked row by row.
  const ordered = [...feed.categories]
    .sort((a, b) => a.id.length - b.id.length)
    .map((c) => ({ ...c, level: c.id.length / 2 }));
  await bulk(
    trx,
    ordered,
    (j) => sql`INSERT INTO categories (id, parent_id, level, description, slug, position)
    SELECT id, "parentId", level, description, slug, position FROM ${rows(j, 'id text, "parentId" text, level int, description text, slug text, position int')}
    ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, level = excluded.level, description = excluded.description,
      slug = excluded.slug, position = excluded.position`,
  );
  await bulk(
    trx,
    feed.tags,
    (j) => sql`INSERT INTO tags (id, description, image_url)
    SELECT id, description, "imageUrl" FROM ${rows(j, 'id int, description text, "imageUrl" text')}
    ON CONFLICT (id) DO UPDATE SET description = excluded.description, image_url = excluded.image_url`,
  );
  await sql`DELETE FROM tags WHERE id NOT IN ${inList(
    feed.tags.map((t) => t.id),
    'int',
  )}`.execute(trx);
}

type ProductIds = Map<string, number>;

/** Upserts the products (remembering their ids in feed_products); answers their ids by barcode and how many others lose their prices. */
async function writeProducts(trx: Trx, feed: CatalogueFeed): Promise<{ ids: ProductIds; withdrawn: number }> {
  await sql`CREATE TEMP TABLE feed_products (id bigint PRIMARY KEY) ON COMMIT DROP`.execute(trx);
  const tagWords = new Map(feed.tags.map((t) => [t.id, t.description]));
  // The stores that sell each product, written with its row (migration 0013), so a first import writes each row once.
  const pricesOf = Map.groupBy(feed.prices, (price) => price.barcode);
  const products = feed.products.map((p) => ({
    ...p,
    imageUrl: p.images[0] ?? null,
    searchText: normaliseSearch(`${p.description} ${p.brand ?? ''}`),
    // What search matches (migration 0006): the name, the brand and the tags.
    searchDoc: normaliseSearch(
      `${p.description} ${p.brand ?? ''} ${p.tagIds.map((id) => tagWords.get(id) ?? '').join(' ')}`,
    ),
    images: undefined,
    tagIds: undefined,
    nutritionFacts: p.nutritionFacts ?? null,
    storeIds: [...new Set((pricesOf.get(p.barcode) ?? []).map((price) => price.storeId))].sort((a, b) => a - b),
  }));
  const ids: ProductIds = new Map();
  await bulk(trx, products, async (j) => {
    const result = await sql<{ id: number; barcode: string }>`WITH up AS (
      INSERT INTO products (barcode, ref, description, brand, branded, image_url, um, purchase_um, um_step, min_weight, max_amount, attrib3,
        category_id, origin, caliber, ingredients, allergy_advice, allergy_other, nutrition, storage, recycling, variant_group, search_text, search_doc, water_pack, unit_quantity, unit_label,
        food, net_quantity, operator_name, operator_address, origin_required, nutrition_facts, store_ids)
      SELECT barcode, ref, description, brand, branded, "imageUrl", um, "purchaseUm", "umStep", "minWeight", "maxAmount", attrib3,
        "categoryId", origin, caliber, ingredients, "allergyAdvice", "allergyOther", nutrition, storage, recycling, "variantGroup", "searchText",
        to_tsvector('italian', "searchDoc") || to_tsvector('simple', "searchDoc"), "waterPack", "unitQuantity", "unitLabel",
        food, "netQuantity", "operatorName", "operatorAddress", "originRequired", "nutritionFacts", "storeIds"
      FROM ${rows(
        j,
        `barcode text, ref text, description text, brand text, branded bool, "imageUrl" text, um text, "purchaseUm" text,
        "umStep" numeric, "minWeight" numeric, "maxAmount" numeric, attrib3 text, "categoryId" text, origin text, caliber text, ingredients text,
        "allergyAdvice" text, "allergyOther" text, nutrition text, storage text, recycling text, "variantGroup" text, "searchText" text, "searchDoc" text, "waterPack" bool, "unitQuantity" numeric, "unitLabel" text,
        food bool, "netQuantity" text, "operatorName" text, "operatorAddress" text, "originRequired" bool, "nutritionFacts" jsonb,
        "storeIds" int[]`,
      )}
      ON CONFLICT (barcode) DO UPDATE SET ref = excluded.ref, description = excluded.description, brand = excluded.brand,
        branded = excluded.branded, image_url = excluded.image_url, um = excluded.um, purchase_um = excluded.purchase_um,
        um_step = excluded.um_step, min_weight = excluded.min_weight, max_amount = excluded.max_amount, attrib3 = excluded.attrib3,
        category_id = excluded.category_id, origin = excluded.origin, caliber = excluded.caliber, ingredients = excluded.ingredients,
        allergy_advice = excluded.allergy_advice, allergy_other = excluded.allergy_other, nutrition = excluded.nutrition,
        storage = excluded.storage, recycling = excluded.recycling, variant_group = excluded.variant_group,
        search_text = excluded.search_text, search_doc = excluded.search_doc, water_pack = excluded.water_pack,
        unit_quantity = excluded.unit_quantity, unit_label = excluded.unit_label, food = excluded.food,
        net_quantity = excluded.net_quantity, operator_name = excluded.operator_name, operator_address = excluded.operator_address,
        origin_required = excluded.origin_required, nutrition_facts = excluded.nutrition_facts, store_ids = excluded.store_ids
      RETURNING id, barcode),
    remembered AS (INSERT INTO feed_products SELECT id FROM up)
    SELECT id, barcode FROM up`.execute(trx);
    for (const row of result.rows) ids.set(row.barcode, Number(row.id));
  });
  const withdrawn = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products p
    WHERE NOT EXISTS (SELECT 1 FROM feed_products f WHERE f.id = p.id)
      AND EXISTS (SELECT 1 FROM store_products sp WHERE sp.product_id = p.id)`.execute(trx);
  // A withdrawn product is nobody's variant any more.
  await sql`UPDATE products SET variant_group = NULL
    WHERE variant_group IS NOT NULL AND NOT EXISTS (SELECT 1 FROM feed_products f WHERE f.id = products.id)`.execute(
    trx,
  );
  const images = feed.products.flatMap((p) => p.images.map((url, i) => ({ p: ids.get(p.barcode), n: i + 1, url })));
  const tags = feed.products.flatMap((p) => p.tagIds.map((t) => ({ p: ids.get(p.barcode), t })));
  await sql`DELETE FROM product_images WHERE product_id IN (SELECT id FROM feed_products)`.execute(trx);
  await bulk(
    trx,
    images,
    (j) => sql`INSERT INTO product_images (product_id, position, url)
    SELECT p, n, url FROM ${rows(j, 'p bigint, n int, url text')}`,
  );
  await sql`DELETE FROM product_tags WHERE product_id IN (SELECT id FROM feed_products)`.execute(trx);
  await bulk(
    trx,
    tags,
    (j) => sql`INSERT INTO product_tags (product_id, tag_id)
    SELECT p, t FROM ${rows(j, 'p bigint, t int')}`,
  );
  // The vocabulary a mistyped search word is matched against (product-search.ts).
  await sql`DELETE FROM search_terms`.execute(trx);
  await sql`INSERT INTO search_terms SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', search_text) FROM products') WHERE length(word) >= 3`.execute(
    trx,
  );
  return { ids, withdrawn: withdrawn.rows[0]?.n ?? 0 };
}

async function writePricesAndPromotions(
  trx: Trx,
  feed: CatalogueFeed,
  ids: ProductIds,
  failAfter: (step: WriteStep) => void,
): Promise<void> {
  // Prices are replaced whole: a store or product missing from the feed sells nothing.
  await sql`DELETE FROM store_products`.execute(trx);
  const prices = feed.prices.map((p) => ({
    s: p.storeId,
    p: ids.get(p.barcode),
    c: euroToCents(p.price),
    a: p.available,
  }));
  await bulk(
    trx,
    prices,
    (j) => sql`INSERT INTO store_products (store_id, product_id, price_cents, available)
    SELECT s, p, c, a FROM ${rows(j, 's int, p bigint, c int, a bool')}`,
  );
  // The stores of each product on its own row (migration 0013) were written with the feed's products; a product
  // left out of the feed keeps its row, and loses its stores here: only rows that change are written.
  await sql`UPDATE products p SET store_ids = x.ids
    FROM (SELECT p2.id, coalesce(array_agg(sp.store_id ORDER BY sp.store_id) FILTER (WHERE sp.store_id IS NOT NULL), '{}') AS ids
      FROM products p2 LEFT JOIN store_products sp ON sp.product_id = p2.id GROUP BY p2.id) x
    WHERE x.id = p.id AND p.store_ids <> x.ids`.execute(trx);
  // The narrow copy of the products' search columns (migration 0014), now that their stores are final: only rows
  // that change are written.
  await sql`INSERT INTO product_search AS s (id, store_ids, category_id, branded, search_doc, search_text, name_key)
    SELECT id, store_ids, category_id, branded, search_doc, search_text, lower(description) FROM products
    ON CONFLICT (id) DO UPDATE SET store_ids = excluded.store_ids, category_id = excluded.category_id,
      branded = excluded.branded, search_doc = excluded.search_doc, search_text = excluded.search_text,
      name_key = excluded.name_key
    WHERE (s.store_ids, s.category_id, s.branded, s.search_doc, s.search_text, s.name_key)
      IS DISTINCT FROM (excluded.store_ids, excluded.category_id, excluded.branded, excluded.search_doc,
        excluded.search_text, excluded.name_key)`.execute(trx);
  failAfter('prices');
  await sql`DELETE FROM promotions`.execute(trx);
  const promotions = feed.promotions.map((p) => ({ ...p, barcode: undefined, productId: ids.get(p.barcode) }));
  await bulk(
    trx,
    promotions,
    (j) => sql`INSERT INTO promotions (store_id, product_id, description, value_type, value, valid_from, valid_to)
    SELECT "storeId", "productId", description, "valueType", value, "validFrom", "validTo"
    FROM ${rows(j, '"storeId" int, "productId" bigint, description text, "valueType" text, value numeric, "validFrom" date, "validTo" date')}`,
  );
}

/**
 * The price history (migration 0009) and each promotion's lowest price of the
 * 30 days before it (Codice del consumo art. 17-bis; the exact rule is
 * refresh_lowest_prices in the migration). Runs after the prices and
 * promotions are replaced. The past is kept: a price that changes or leaves
 * the feed was applied until today; a running promotion that leaves the feed
 * ends today; only planned promotions (starting after today) are replaced.
 */
async function writePriceHistory(trx: Trx, feed: CatalogueFeed, ids: ProductIds, today: string): Promise<void> {
  await sql`UPDATE price_history h SET valid_to = ${today}::date WHERE h.kind = 'SHELF' AND h.valid_to IS NULL
    AND NOT EXISTS (SELECT 1 FROM store_products sp WHERE sp.store_id = h.store_id AND sp.product_id = h.product_id AND sp.price_cents = h.price_cents)`.execute(
    trx,
  );
  await sql`INSERT INTO price_history (store_id, product_id, kind, valid_from, price_cents)
    SELECT sp.store_id, sp.product_id, 'SHELF', ${today}::date, sp.price_cents FROM store_products sp
    WHERE NOT EXISTS (SELECT 1 FROM price_history h WHERE h.store_id = sp.store_id AND h.product_id = sp.product_id AND h.kind = 'SHELF' AND h.valid_to IS NULL)`.execute(
    trx,
  );
  await sql`DELETE FROM price_history WHERE kind = 'PROMO' AND valid_from > ${today}::date`.execute(trx);
  await sql`UPDATE price_history SET valid_to = ${today}::date WHERE kind = 'PROMO' AND valid_to > ${today}::date`.execute(
    trx,
  );
  // A promotion's price is the one the listing shows (catalogue.ts netPrice); one that lowers nothing is no price applied.
  await sql`INSERT INTO price_history (store_id, product_id, kind, valid_from, valid_to, price_cents)
    SELECT DISTINCT ON (pr.store_id, pr.product_id, pr.valid_from) pr.store_id, pr.product_id, 'PROMO', pr.valid_from, pr.valid_to, n.cents
    FROM promotions pr
    JOIN store_products sp ON sp.store_id = pr.store_id AND sp.product_id = pr.product_id
    CROSS JOIN LATERAL (SELECT (CASE WHEN pr.value_type = 'NEW_PRICE' THEN LEAST(sp.price_cents, round(pr.value * 100))
      WHEN pr.value_type = 'PERCENTAGE' THEN round(sp.price_cents * (100 - pr.value) / 100) ELSE sp.price_cents END)::int AS cents) n
    WHERE n.cents < sp.price_cents AND n.cents > 0
    ORDER BY pr.store_id, pr.product_id, pr.valid_from, n.cents, pr.valid_to DESC
    ON CONFLICT (store_id, product_id, valid_from) WHERE kind = 'PROMO'
    DO UPDATE SET valid_to = excluded.valid_to, price_cents = excluded.price_cents`.execute(trx);
  // The ERP's own past prices replace, per store and product, those it sent before.
  const past = feed.priceHistory.map((h) => ({
    s: h.storeId,
    p: ids.get(h.barcode),
    c: euroToCents(h.price),
    f: h.validFrom,
    t: h.validTo,
  }));
  await bulk(
    trx,
    past,
    (j) => sql`DELETE FROM price_history h USING ${rows(j, 's int, p bigint')}
    WHERE h.kind = 'FEED' AND h.store_id = x.s AND h.product_id = x.p`,
  );
  await bulk(
    trx,
    past,
    (j) => sql`INSERT INTO price_history (store_id, product_id, kind, valid_from, valid_to, price_cents)
    SELECT s, p, 'FEED', f, t, c FROM ${rows(j, 's int, p bigint, c int, f date, t date')}`,
  );
  await sql`SELECT refresh_lowest_prices()`.execute(trx);
}

async function writeBanners(trx: Trx, feed: CatalogueFeed, ids: ProductIds): Promise<void> {
  await sql`DELETE FROM banners WHERE id NOT IN ${inList(
    feed.banners.map((b) => b.id),
    'int',
  )}`.execute(trx);
  await bulk(
    trx,
    feed.banners.map((b) => ({ ...b, barcodes: undefined })),
    (j) => sql`INSERT INTO banners (id, title, image_url, image_app, position, valid_from, valid_to)
    SELECT id, title, "imageUrl", "imageApp", position, "validFrom", "validTo"
    FROM ${rows(j, 'id int, title text, "imageUrl" text, "imageApp" text, position int, "validFrom" date, "validTo" date')}
    ON CONFLICT (id) DO UPDATE SET title = excluded.title, image_url = excluded.image_url, image_app = excluded.image_app,
      position = excluded.position, valid_from = excluded.valid_from, valid_to = excluded.valid_to`,
  );
  await sql`DELETE FROM banner_products`.execute(trx);
  const links = feed.banners.flatMap((b) =>
    [...new Set(b.barcodes)].map((barcode, i) => ({ b: b.id, p: ids.get(barcode), n: i + 1 })),
  );
  await bulk(
    trx,
    links,
    (j) =>
      sql`INSERT INTO banner_products (banner_id, product_id, position) SELECT b, p, n FROM ${rows(j, 'b int, p bigint, n int')}`,
  );
}

/** Categories neither in the feed nor holding any product (sold or not) go. */
async function pruneCategories(trx: Trx, feed: CatalogueFeed): Promise<void> {
  await sql`DELETE FROM categories c WHERE c.id NOT IN ${inList(
    feed.categories.map((x) => x.id),
    'text',
  )}
    AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id LIKE c.id || '%')`.execute(trx);
}

export async function writeCatalogue(
  trx: Trx,
  feed: CatalogueFeed,
  meta: { version: string; importedAt: string },
  failAt?: WriteStep,
): Promise<number> {
  const failAfter = (step: WriteStep) => {
    if (failAt === step) throw new Error(`Import interrotto dopo il passo ${step} (prova)`);
  };
  await writeStores(trx, feed);
  failAfter('stores');
  await writeCategories(trx, feed);
  failAfter('categories');
  const { ids, withdrawn } = await writeProducts(trx, feed);
  failAfter('products');
  await writeStoreDetails(trx, feed);
  failAfter('storeDetails');
  await writePricesAndPromotions(trx, feed, ids, failAfter);
  await writePriceHistory(trx, feed, ids, romeToday());
  failAfter('promotions');
  await writeBanners(trx, feed, ids);
  await pruneCategories(trx, feed);
  failAfter('banners');
  await sql`INSERT INTO catalogue_meta (key, value) VALUES ('version', ${meta.version}), ('importedAt', ${meta.importedAt})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(trx);
  failAfter('meta');
  // Fresh statistics, so the planner walks the listing and search indexes
  // (PGlite has no autovacuum to gather them).
  await sql`ANALYZE products, product_images, product_search, store_products, promotions, product_tags, search_terms, price_history, banner_products`.execute(
    trx,
  );
  return withdrawn;
}
