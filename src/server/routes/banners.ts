// Banner calls of docs/product.md §7.
import { Hono } from 'hono';
import { catalogueCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { inputOf, ok } from '../http.ts';
import { bannerProducts, banners, headerBanner } from '../services/banners.ts';

export const bannerRoutes = new Hono<AppEnv>()
  .on(calls.banners.method, calls.banners.path, inputOf(calls.banners), async (c) =>
    ok(c, await banners(c.get('db'), c.req.valid('query').category)),
  )
  // {id} is the store whose header banner is asked for.
  .on(calls.headerBanner.method, calls.headerBanner.path, inputOf(calls.headerBanner), async (c) =>
    ok(c, await headerBanner(c.get('db'), c.req.valid('param').id)),
  )
  .on(calls.bannerProducts.method, calls.bannerProducts.path, inputOf(calls.bannerProducts), async (c) => {
    const { p, s, storeId } = c.req.valid('query');
    return ok(c, await bannerProducts(c.get('db'), c.req.valid('param').id, storeId, p, s));
  });
