// Lists and favourites calls of docs/product.md §7.
import { Hono } from 'hono';
import { listCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { inputOf, ok } from '../http.ts';
import {
  addItem,
  allLists,
  copyList,
  createList,
  deleteList,
  deleteListItem,
  favourites,
  oneList,
  renameList,
  setFavourite,
  updateItem,
} from '../services/lists.ts';

const auth = requireUser();

export const listRoutes = new Hono<AppEnv>()
  .on(calls.favourites.method, calls.favourites.path, auth, async (c) =>
    ok(c, await favourites(c.get('db'), c.get('session').userId)),
  )
  .on(calls.addFavourite.method, calls.addFavourite.path, auth, inputOf(calls.addFavourite), async (c) =>
    ok(c, await setFavourite(c.get('db'), c.get('session').userId, c.req.valid('json').barcode, true)),
  )
  .on(calls.deleteFavourite.method, calls.deleteFavourite.path, auth, inputOf(calls.deleteFavourite), async (c) =>
    ok(c, await setFavourite(c.get('db'), c.get('session').userId, c.req.valid('json').barcode, false)),
  )
  .on(calls.lists.method, calls.lists.path, auth, async (c) =>
    ok(c, await allLists(c.get('db'), c.get('session').userId)),
  )
  .on(calls.create.method, calls.create.path, auth, inputOf(calls.create), async (c) =>
    ok(c, await createList(c.get('db'), c.get('session').userId, c.req.valid('json').title)),
  )
  .on(calls.delete.method, calls.delete.path, auth, inputOf(calls.delete), async (c) =>
    ok(c, await deleteList(c.get('db'), c.get('session').userId, c.req.valid('json').id)),
  )
  .on(calls.rename.method, calls.rename.path, auth, inputOf(calls.rename), async (c) => {
    const { id, title } = c.req.valid('json');
    return ok(c, await renameList(c.get('db'), c.get('session').userId, id, title));
  })
  .on(calls.copy.method, calls.copy.path, auth, inputOf(calls.copy), async (c) => {
    const { id, title } = c.req.valid('json');
    return ok(c, await copyList(c.get('db'), c.get('session').userId, id, title));
  })
  .on(calls.addItem.method, calls.addItem.path, auth, inputOf(calls.addItem), async (c) =>
    ok(c, await addItem(c.get('db'), c.get('session').userId, c.req.valid('json'))),
  )
  .on(calls.updateItem.method, calls.updateItem.path, auth, inputOf(calls.updateItem), async (c) => {
    const { id, itemId, amount } = c.req.valid('json');
    return ok(c, await updateItem(c.get('db'), c.get('session').userId, id, itemId, amount));
  })
  .on(calls.deleteItem.method, calls.deleteItem.path, auth, inputOf(calls.deleteItem), async (c) => {
    const { id, itemId } = c.req.valid('json');
    return ok(c, await deleteListItem(c.get('db'), c.get('session').userId, id, itemId));
  })
  .on(calls.list.method, calls.list.path, auth, inputOf(calls.list), async (c) =>
    ok(c, await oneList(c.get('db'), c.get('session').userId, c.req.valid('param').id)),
  );
