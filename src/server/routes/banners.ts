// Banner calls of spec §7.
import { Hono } from 'hono';
import { z } from 'zod';
import { BANNER_PRODUCTS_PAGE_SIZE, bannersQuery } from '#src/shared/contract/banners.ts';
import { DEFAULT_STORE_ID, storeIdParam } from '#src/shared/contract/catalogue.ts';
import { pageParam } from '#src/shared/contract/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { ok, parseInput, queryParams } from '../http.ts';
import { bannerProducts, banners, headerBanner } from '../services/banners.ts';

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const productsQuery = z.object({
  p: pageParam,
  s: z.coerce.number().int().min(1).max(50).default(BANNER_PRODUCTS_PAGE_SIZE),
  storeId: storeIdParam.default(DEFAULT_STORE_ID),
});

export const bannerRoutes = new Hono<AppEnv>()
  .get('/cms/banners', queryParams(bannersQuery), async (c) =>
    ok(c, await banners(c.var.db, c.req.valid('query').category)),
  )
  // {id} is the store whose header banner is asked for.
  .get('/cms/banners/:id/headerBanner', async (c) =>
    ok(c, await headerBanner(c.var.db, parseInput(idParam, c.req.param('id')))),
  )
  .get('/cms/banners/:id/products', queryParams(productsQuery), async (c) => {
    const { p, s, storeId } = c.req.valid('query');
    return ok(c, await bannerProducts(c.var.db, parseInput(idParam, c.req.param('id')), storeId, p, s));
  });
