// Lists and favourites calls of spec §7.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  createItemRequest,
  createListRequest,
  deleteItemRequest,
  favouriteRequest,
  listIdRequest,
  renameListRequest,
  updateItemRequest,
} from '#src/shared/contract/lists.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { ok, parseInput, jsonBody } from '../http.ts';
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
const listIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const listRoutes = new Hono<AppEnv>()
  .get('/slists/products/favorite/all', auth, async (c) => ok(c, await favourites(c.var.db, c.var.session.userId)))
  .post('/slists/products/favorite/add', auth, jsonBody(favouriteRequest), async (c) =>
    ok(c, await setFavourite(c.var.db, c.var.session.userId, c.req.valid('json').barcode, true)),
  )
  .post('/slists/products/favorite/delete', auth, jsonBody(favouriteRequest), async (c) =>
    ok(c, await setFavourite(c.var.db, c.var.session.userId, c.req.valid('json').barcode, false)),
  )
  .get('/slists', auth, async (c) => ok(c, await allLists(c.var.db, c.var.session.userId)))
  .post('/slists/create', auth, jsonBody(createListRequest), async (c) =>
    ok(c, await createList(c.var.db, c.var.session.userId, c.req.valid('json').title)),
  )
  .post('/slists/delete', auth, jsonBody(listIdRequest), async (c) =>
    ok(c, await deleteList(c.var.db, c.var.session.userId, c.req.valid('json').id)),
  )
  .post('/slists/rename', auth, jsonBody(renameListRequest), async (c) => {
    const { id, title } = c.req.valid('json');
    return ok(c, await renameList(c.var.db, c.var.session.userId, id, title));
  })
  .post('/slists/copy', auth, jsonBody(renameListRequest), async (c) => {
    const { id, title } = c.req.valid('json');
    return ok(c, await copyList(c.var.db, c.var.session.userId, id, title));
  })
  .post('/slists/items/create', auth, jsonBody(createItemRequest), async (c) =>
    ok(c, await addItem(c.var.db, c.var.session.userId, c.req.valid('json'))),
  )
  .post('/slists/items/update', auth, jsonBody(updateItemRequest), async (c) => {
    const { id, itemId, amount } = c.req.valid('json');
    return ok(c, await updateItem(c.var.db, c.var.session.userId, id, itemId, amount));
  })
  .post('/slists/items/delete', auth, jsonBody(deleteItemRequest), async (c) => {
    const { id, itemId } = c.req.valid('json');
    return ok(c, await deleteListItem(c.var.db, c.var.session.userId, id, itemId));
  })
  .get('/slists/:id', auth, async (c) =>
    ok(c, await oneList(c.var.db, c.var.session.userId, parseInput(listIdParam, c.req.param('id')))),
  );
