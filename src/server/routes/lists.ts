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
import { ok, parseInput, parseJson } from '../http.ts';
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
  .post('/slists/products/favorite/add', auth, async (c) =>
    ok(c, await setFavourite(c.var.db, c.var.session.userId, (await parseJson(c, favouriteRequest)).barcode, true)),
  )
  .post('/slists/products/favorite/delete', auth, async (c) =>
    ok(c, await setFavourite(c.var.db, c.var.session.userId, (await parseJson(c, favouriteRequest)).barcode, false)),
  )
  .get('/slists', auth, async (c) => ok(c, await allLists(c.var.db, c.var.session.userId)))
  .post('/slists/create', auth, async (c) =>
    ok(c, await createList(c.var.db, c.var.session.userId, (await parseJson(c, createListRequest)).title)),
  )
  .post('/slists/delete', auth, async (c) =>
    ok(c, await deleteList(c.var.db, c.var.session.userId, (await parseJson(c, listIdRequest)).id)),
  )
  .post('/slists/rename', auth, async (c) => {
    const { id, title } = await parseJson(c, renameListRequest);
    return ok(c, await renameList(c.var.db, c.var.session.userId, id, title));
  })
  .post('/slists/copy', auth, async (c) => {
    const { id, title } = await parseJson(c, renameListRequest);
    return ok(c, await copyList(c.var.db, c.var.session.userId, id, title));
  })
  .post('/slists/items/create', auth, async (c) =>
    ok(c, await addItem(c.var.db, c.var.session.userId, await parseJson(c, createItemRequest))),
  )
  .post('/slists/items/update', auth, async (c) => {
    const { id, itemId, amount } = await parseJson(c, updateItemRequest);
    return ok(c, await updateItem(c.var.db, c.var.session.userId, id, itemId, amount));
  })
  .post('/slists/items/delete', auth, async (c) => {
    const { id, itemId } = await parseJson(c, deleteItemRequest);
    return ok(c, await deleteListItem(c.var.db, c.var.session.userId, id, itemId));
  })
  .get('/slists/:id', auth, async (c) =>
    ok(c, await oneList(c.var.db, c.var.session.userId, parseInput(listIdParam, c.req.param('id')))),
  );
