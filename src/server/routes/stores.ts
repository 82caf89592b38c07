// Stores calls of spec §7, plus one store by id for the store pages.
import { Hono } from 'hono';
import { storeIdParam } from '#src/shared/contract/catalogue.ts';
import { deliveryStoresQuery, storeQuery } from '#src/shared/contract/stores.ts';
import type { AppEnv } from '../app-env.ts';
import { ok, parseInput, queryParams } from '../http.ts';
import { serviceFacts } from '../services/service-facts.ts';
import { deliveryStores, listStores, storeById, storeStates } from '../services/stores.ts';

export const storeRoutes = new Hono<AppEnv>()
  .get('/stores/ecommerce', queryParams(storeQuery), async (c) =>
    ok(c, await listStores(c.var.db, c.req.valid('query'), c.var.config.flags)),
  )
  .get('/stores/states', async (c) => ok(c, await storeStates(c.var.db)))
  .get('/stores/facts', async (c) => ok(c, await serviceFacts(c.var.db, c.var.config.flags)))
  .get('/stores/ecommerce/delivery', queryParams(deliveryStoresQuery), async (c) =>
    ok(c, await deliveryStores(c.var.db, c.req.valid('query'), c.var.config.flags)),
  )
  .get('/stores/ecommerce/:id', async (c) =>
    ok(c, await storeById(c.var.db, parseInput(storeIdParam, c.req.param('id')), c.var.config.flags)),
  );
