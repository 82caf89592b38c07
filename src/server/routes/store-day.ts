// The store's day (operator role, their own store only): availability of a product in the
// store, the pick list of a slot, today's slots with their orders (services/store-day.ts).
import { Hono } from 'hono';
import { storeDayCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { inputOf, ok } from '../http.ts';
import { findOnShelf, pickListOf, setShelfAvailability, storeDayOf } from '../services/store-day.ts';
import { operatorStore } from './ops.ts';

const operatorOnly = requireUser('OPERATOR');

export const storeDayRoutes = new Hono<AppEnv>()
  .on(calls.shelf.method, calls.shelf.path, operatorOnly, inputOf(calls.shelf), async (c) => {
    const { storeId } = await operatorStore(c);
    return ok(c, await findOnShelf(c.get('db'), storeId, c.req.valid('query').q));
  })
  .on(
    calls.setAvailability.method,
    calls.setAvailability.path,
    operatorOnly,
    inputOf(calls.setAvailability),
    async (c) => {
      const operator = await operatorStore(c);
      const { available } = c.req.valid('json');
      return ok(c, await setShelfAvailability(c.get('db'), operator, c.req.valid('param').productId, available));
    },
  )
  .on(calls.pickList.method, calls.pickList.path, operatorOnly, inputOf(calls.pickList), async (c) => {
    const { storeId } = await operatorStore(c);
    return ok(c, await pickListOf(c.get('db'), storeId, c.req.valid('param').slotId));
  })
  .on(calls.day.method, calls.day.path, operatorOnly, async (c) => {
    const { storeId } = await operatorStore(c);
    return ok(c, await storeDayOf(c.get('db'), storeId));
  });
