// Stores calls of docs/product.md §7, plus one store by id for the store pages.
import { Hono } from 'hono';
import { storeCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { inputOf, ok } from '../http.ts';
import { serviceFacts } from '../services/service-facts.ts';
import { deliveryStores, listStores, storeById, storeStates } from '../services/stores.ts';

export const storeRoutes = new Hono<AppEnv>()
  .on(calls.stores.method, calls.stores.path, inputOf(calls.stores), async (c) =>
    ok(c, await listStores(c.get('db'), c.req.valid('query'), c.get('config').flags)),
  )
  .on(calls.states.method, calls.states.path, async (c) => ok(c, await storeStates(c.get('db'))))
  .on(calls.facts.method, calls.facts.path, async (c) => ok(c, await serviceFacts(c.get('db'), c.get('config').flags)))
  .on(calls.deliveryStores.method, calls.deliveryStores.path, inputOf(calls.deliveryStores), async (c) =>
    ok(c, await deliveryStores(c.get('db'), c.req.valid('query'), c.get('config').flags)),
  )
  .on(calls.store.method, calls.store.path, inputOf(calls.store), async (c) =>
    ok(c, await storeById(c.get('db'), c.req.valid('param').id, c.get('config').flags)),
  );
