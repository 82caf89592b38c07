// GET /cli/ecommerce/products/{storeId}/export?p=&s= — every product of a
// store in full, up to 2,000 a page: the static build reads the catalogue
// with a few of these instead of one detail call per product page. Public
// data only (what the product detail call answers), so no login; not kept
// in the catalogue cache (a page is megabytes and read once per build).
import { Hono } from 'hono';
import { z } from 'zod';
import { storeIdParam } from '#src/shared/contract/catalogue.ts';
import { pageParam } from '#src/shared/contract/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { ok, parseInput, queryParams } from '../http.ts';
import { productsInFull } from '../services/catalogue-export.ts';

const exportQuery = z.object({ p: pageParam, s: z.coerce.number().int().min(1).max(2000).default(1000) });

export const catalogueExportRoutes = new Hono<AppEnv>().get(
  '/ecommerce/products/:storeId/export',
  queryParams(exportQuery),
  async (c) => {
    const storeId = parseInput(storeIdParam, c.req.param('storeId'));
    const { p, s } = c.req.valid('query');
    return ok(c, await productsInFull(c.var.db, storeId, p, s));
  },
);
