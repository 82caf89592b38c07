// Catalogue calls of docs/product.md §7. Answers come from the catalogue cache
// (catalogue-cache.ts) while the catalogue version and the day are the same.
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { productQuery } from '#src/shared/contract/catalogue.ts';
import { catalogueCalls as calls } from '#src/shared/contract/endpoints.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { AppEnv } from '../app-env.ts';
import { catalogueCache, defaultLimits } from '../catalogue-cache.ts';
import { catalogueGeneration } from '../catalogue-version.ts';
import { bytesAnswer, chooseEncoding, COMPRESS_FROM_BYTES, compressBytes } from '../compression.ts';
import { inputOf } from '../http.ts';
import { categoryTree, listProductTexts, productByBarcode, productTags } from '../services/catalogue.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';
import { missingFoodInfo } from '#src/shared/food-info.ts';

/**
 * The answer to a catalogue read: from the cache (key: the call and its parsed
 * input), else made by `read`. A catalogue answer is the same for every caller,
 * so a logged-in shopper (whose browser sends its token on every call) is
 * served from the cache too. Only successful answers are kept; a business
 * error (4030) is thrown by `read` and never stored. An answer is kept as the
 * browser takes it, compressed when it is 1 kB or more, under the key and the
 * encoding: a hit is written out as it is, not compressed again.
 */
async function answer(c: Context<AppEnv>, key: string, read: () => Promise<unknown>) {
  const cache = catalogueCache(c.get('db'), defaultLimits(c.get('config')));
  if (cache.limits.maxEntries === 0) return bytesAnswer(c, answerBytes(await read()), 200, JSON_TYPE);
  const generation = await catalogueGeneration(c.get('db'));
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  const slot = `${key}|${encoding ?? 'identity'}`;
  // X-Cache says whether the answer came from the cache (bench:api counts them).
  let kept = cache.get(generation, slot);
  const cached = kept ? 'HIT' : 'MISS';
  if (!kept) {
    const bytes = answerBytes(await read());
    kept =
      encoding && bytes.byteLength >= COMPRESS_FROM_BYTES
        ? { body: compressBytes(bytes, encoding), encoding }
        : { body: bytes, encoding: null };
    cache.set(generation, slot, kept);
  }
  const headers: Record<string, string> = {
    ...JSON_TYPE,
    'Content-Length': String(kept.body.byteLength),
    'X-Cache': cached,
  };
  if (kept.encoding) headers['Content-Encoding'] = kept.encoding;
  return c.body(kept.body as Uint8Array<ArrayBuffer>, 200, headers);
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The answer's bytes: as written already (a listing page), or the data in the envelope. */
const answerBytes = (data: unknown): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(JSON.stringify({ responseCode: ErrorCode.OK, data }));

/**
 * A listing page's answer, its products' texts put in as they are kept
 * (product-texts.ts): the same bytes as JSON.stringify of the envelope with
 * toPage's fields, without writing 30 kB of product JSON again.
 */
function pageBytes(page: Paged<Buffer>): Buffer {
  const parts: Buffer[] = [PAGE_HEAD];
  page.data.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  const { totalPages, number, last, totalElements } = page;
  parts.push(Buffer.from(`],${JSON.stringify({ totalPages, number, last, totalElements }).slice(1)}}`));
  return Buffer.concat(parts);
}
const PAGE_HEAD = Buffer.from(`{"responseCode":${ErrorCode.OK},"data":{"data":[`);
const COMMA = Buffer.from(',');

/** The food-information texts of a product (docs/product.md §7), with the mandatory food information of Reg. 1169/2011 art. 9. */
async function productInfo(c: Context<AppEnv>, barcode: string, store: number) {
  const p = await productByBarcode(c.get('db'), barcode, store);
  return {
    barcode: p.barcode,
    description: p.description,
    origin: p.origin,
    caliber: p.caliber,
    ingredients: p.ingredients,
    allergyAdvice: p.allergyAdvice,
    allergyOther: p.allergyOther,
    nutrition: p.nutrition,
    storage: p.storage,
    recycling: p.recycling,
    food: p.food,
    ingredientParts: p.ingredientParts,
    netQuantity: p.netQuantity,
    operatorName: p.operatorName,
    operatorAddress: p.operatorAddress,
    originRequired: p.originRequired,
    nutritionFacts: p.nutritionFacts,
    /** The mandatory food information the product lacks, in Italian (empty when complete or not a food). */
    missingFoodInfo: missingFoodInfo(p),
  };
}

export const catalogueRoutes = new Hono<AppEnv>()
  .on(calls.categories.method, calls.categories.path, (c) => answer(c, 'categories', () => categoryTree(c.get('db'))))
  .on(calls.tags.method, calls.tags.path, (c) => answer(c, 'tags', () => productTags(c.get('db'))))
  .on(calls.product.method, calls.product.path, inputOf(calls.product), (c) => {
    const { barcode } = c.req.valid('param');
    const { store } = c.req.valid('query');
    return answer(c, `product|${store}|${barcode}`, () => productByBarcode(c.get('db'), barcode, store));
  })
  .on(calls.productInfo.method, calls.productInfo.path, inputOf(calls.productInfo), (c) => {
    const { barcode } = c.req.valid('param');
    const { store } = c.req.valid('query');
    return answer(c, `info|${store}|${barcode}`, () => productInfo(c, barcode, store));
  })
  // The documented path ends with a slash (docs/product.md §7); answer without it too.
  .on(calls.products.method, calls.products.path, inputOf(calls.products), (c) =>
    listStoreProducts(c, c.req.valid('param').storeId, c.req.valid('query')),
  )
  .on(calls.products.method, calls.products.path.replace(/\/$/, ''), inputOf(calls.products), (c) =>
    listStoreProducts(c, c.req.valid('param').storeId, c.req.valid('query')),
  );

function listStoreProducts(c: Context<AppEnv>, storeId: number, query: z.output<typeof productQuery>) {
  // The parsed query, keys sorted: the same search spelt two ways is one entry.
  const key = `list|${storeId}|${JSON.stringify(query, Object.keys(query).sort())}`;
  return answer(c, key, async () => pageBytes(await listProductTexts(c.get('db'), storeId, query)));
}
