// Catalogue calls of spec §7.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { barcodeParam, DEFAULT_STORE_ID, productQuery, storeIdParam } from '#src/shared/contract/catalogue.ts';
import type { AppEnv } from '../app.ts';
import { ok, parseInput, parseQuery } from '../http.ts';
import { categoryTree, listProducts, productByBarcode, productTags } from '../services/catalogue.ts';

const storeQuery = z.object({ store: storeIdParam.default(DEFAULT_STORE_ID) });

export const catalogueRoutes = new Hono<AppEnv>()
  .get('/categories', async (c) => ok(c, await categoryTree(c.var.db)))
  .get('/ecommerce/productsTags', async (c) => ok(c, await productTags(c.var.db)))
  .get('/ecommerce/products/barcode/:barcode', async (c) => {
    const barcode = parseInput(barcodeParam, c.req.param('barcode'));
    const { store } = parseQuery(c, storeQuery);
    return ok(c, await productByBarcode(c.var.db, barcode, store));
  })
  .get('/ecommerce/products/barcode/:barcode/info', async (c) => {
    const barcode = parseInput(barcodeParam, c.req.param('barcode'));
    const { store } = parseQuery(c, storeQuery);
    const p = await productByBarcode(c.var.db, barcode, store);
    return ok(c, {
      barcode: p.barcode,
      origin: p.origin,
      caliber: p.caliber,
      ingredients: p.ingredients,
      allergyAdvice: p.allergyAdvice,
      allergyOther: p.allergyOther,
      nutrition: p.nutrition,
      storage: p.storage,
      recycling: p.recycling,
    });
  })
  // The spec's path ends with a slash; answer without it too.
  .get('/ecommerce/products/:storeId/', listStoreProducts)
  .get('/ecommerce/products/:storeId', listStoreProducts);

async function listStoreProducts(c: Context<AppEnv>) {
  const storeId = parseInput(storeIdParam, c.req.param('storeId'));
  return ok(c, await listProducts(c.var.db, storeId, parseQuery(c, productQuery)));
}
