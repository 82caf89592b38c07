// GET /cli/ecommerce/products/{storeId}/export?p=&s= — every product of a
// store in full, up to 2,000 a page: the static build reads the catalogue
// with a few of these instead of one detail call per product page. Public
// data only (what the product detail call answers), so no login; not kept
// in the catalogue cache (a page is megabytes and read once per build).
import { Hono } from 'hono';
import { catalogueCalls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { inputOf, ok } from '../http.ts';
import { productsInFull } from '../services/catalogue-export.ts';

const call = catalogueCalls.productExport;
export const catalogueExportRoutes = new Hono<AppEnv>().on(call.method, call.path, inputOf(call), async (c) => {
  const { storeId } = c.req.valid('param');
  const { p, s } = c.req.valid('query');
  return ok(c, await productsInFull(c.get('db'), storeId, p, s));
});
