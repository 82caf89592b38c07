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
import { AnswerParts } from '../answer-parts.ts';
import { chooseEncoding, COMPRESS_FROM_BYTES, compressBytes, type Encoding, partsBody } from '../compression.ts';
import { inputOf } from '../http.ts';
import { completeAnswer } from '../complete-answer.ts';
import { categoryTree, listProductTexts, productByBarcode, productTags } from '../services/catalogue.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';
import { missingFoodInfo } from '#src/shared/food-info.ts';

/**
 * The answer to a catalogue read: from the cache (key: the call and its parsed
 * input), else made by `read`. A catalogue answer is the same for every caller,
 * so a logged-in shopper (whose browser sends its token on every call) is
 * served from the cache too. Only successful answers are kept; a business
 * error (4030) is thrown by `read` and never stored. An answer of 1 kB or
 * more is kept as the browser takes it, compressed (compression.ts), under
 * the key and the encoding: a hit is written out as it is, not compressed
 * again; a shorter one, and any for a browser without compression, is kept
 * as it is under the key alone.
 */
async function answer(c: Context<AppEnv>, key: string, read: () => Promise<unknown>) {
  const cache = catalogueCache(c.get('db'), defaultLimits(c.get('config')));
  if (cache.limits.maxEntries === 0) return partsBody(c, answerParts(await read()), 200, JSON_TYPE);
  const generation = await catalogueGeneration(c.get('db'));
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  // X-Cache says whether the answer came from the cache (bench:api counts them).
  const packedHit = encoding ? cache.get(generation, `${key}|${encoding}`) : undefined;
  if (packedHit !== undefined) return whole(c, packedHit, packedType(encoding!, 'HIT'));
  let cached: 'HIT' | 'MISS' = 'HIT';
  let bytes = cache.get(generation, key);
  if (bytes === undefined) {
    cached = 'MISS';
    bytes = answerParts(await read()).bytes();
  }
  if (encoding && bytes.byteLength >= COMPRESS_FROM_BYTES) {
    const packed = compressBytes(bytes, encoding) as Buffer<ArrayBuffer>;
    cache.set(generation, `${key}|${encoding}`, packed);
    return whole(c, packed, packedType(encoding, cached));
  }
  if (cached === 'MISS') cache.set(generation, key, bytes);
  return whole(c, bytes, { ...JSON_TYPE, 'X-Cache': cached });
}

/** A kept answer with all its headers at once (complete-answer.ts), or through c.body without the shop's middleware. */
const whole = (c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
  completeAnswer(c, bytes, headers) ?? c.body(bytes, 200, headers);

const packedType = (encoding: Encoding, cached: 'HIT' | 'MISS') => ({
  ...JSON_TYPE,
  'Content-Encoding': encoding,
  'X-Cache': cached,
});

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** The answer: as written already (an AnswerParts holds the envelope), or the data in the envelope. */
const answerParts = (data: unknown): AnswerParts =>
  data instanceof AnswerParts
    ? data
    : new AnswerParts([Buffer.from(JSON.stringify({ responseCode: ErrorCode.OK, data }))]);

/**
 * A listing page's answer, its products' texts put in as they are kept
 * (product-texts.ts): the same bytes as JSON.stringify of the envelope with
 * toPage's fields, without writing 30 kB of product JSON again, nor joining
 * them when the answer is compressed (answer-parts.ts).
 */
function pageParts(page: Paged<Buffer>): AnswerParts {
  const parts: Buffer[] = [PAGE_HEAD];
  page.data.forEach((text, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(text);
  });
  const { totalPages, number, last, totalElements } = page;
  parts.push(Buffer.from(`],${JSON.stringify({ totalPages, number, last, totalElements }).slice(1)}}`));
  return new AnswerParts(parts);
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
  return answer(c, key, async () => pageParts(await listProductTexts(c.get('db'), storeId, query)));
}
