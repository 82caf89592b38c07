// Shopping lists and favourites: each customer reaches only their own.
import { sql } from 'kysely';
import { MAX_WATER_PACKS } from '#src/shared/contract/cart.ts';
import { MOMENTARILY_UNAVAILABLE } from '#src/shared/contract/constants.ts';
import { MAX_PIECES_PER_ARTICLE } from '#src/shared/quantity-rules.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { ListToCartResult, ShoppingList } from '#src/shared/contract/lists.ts';
import type { Db } from '../db/client.ts';
import { BusinessError, NotYours, Refusal } from './outcomes.ts';
import { cartView, ownedCart, storeItem } from './cart.ts';
import { round2 } from '#src/shared/contract/money.ts';

const DEFAULT_LIST_TITLE = 'La mia lista';

async function ownedList(db: Db, userId: number, listId: number) {
  const list = await db
    .selectFrom('shopping_lists')
    .select(['id', 'user_id', 'title'])
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!list) throw new BusinessError(ErrorCode.GENERIC, 'Lista della spesa non trovata.');
  if (list.user_id !== userId) throw new NotYours();
  return list;
}

async function listView(db: Db, list: { id: number; title: string }): Promise<ShoppingList> {
  const items = await db
    .selectFrom('list_items as li')
    .leftJoin('products as p', 'p.id', 'li.product_id')
    .select([
      'li.id',
      'li.type',
      'li.description as custom',
      'li.amount',
      'p.ref',
      'p.barcode',
      'p.description',
      'p.um',
      'p.image_url',
      'p.attrib3',
    ])
    .where('li.list_id', '=', list.id)
    .orderBy('li.id')
    .execute();
  return {
    id: list.id,
    title: list.title,
    itemsCount: items.length,
    items: items.map((i) => ({
      id: i.id,
      type: i.type,
      ref: i.ref ?? null,
      barcode: i.barcode ?? null,
      description: i.description ?? i.custom ?? '',
      amount: Number(i.amount),
      um: i.um ?? null,
      imageUrl: i.image_url ?? null,
      attrib3: i.attrib3 ?? null,
    })),
  };
}

/** The customer's lists; a customer always has at least one (docs/product.md §8 code 2035). */
export async function allLists(db: Db, userId: number): Promise<ShoppingList[]> {
  let lists = await db
    .selectFrom('shopping_lists')
    .select(['id', 'title'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  if (lists.length === 0) {
    await db.insertInto('shopping_lists').values({ user_id: userId, title: DEFAULT_LIST_TITLE }).execute();
    lists = await db
      .selectFrom('shopping_lists')
      .select(['id', 'title'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
  return Promise.all(lists.map((l) => listView(db, l)));
}

export async function oneList(db: Db, userId: number, listId: number): Promise<ShoppingList> {
  return listView(db, await ownedList(db, userId, listId));
}

export async function createList(db: Db, userId: number, title: string): Promise<ShoppingList[]> {
  await db.insertInto('shopping_lists').values({ user_id: userId, title }).execute();
  return allLists(db, userId);
}

export async function renameList(db: Db, userId: number, listId: number, title: string): Promise<ShoppingList[]> {
  await ownedList(db, userId, listId);
  await db.updateTable('shopping_lists').set({ title }).where('id', '=', listId).execute();
  return allLists(db, userId);
}

export async function copyList(db: Db, userId: number, listId: number, title: string): Promise<ShoppingList[]> {
  await ownedList(db, userId, listId);
  await db.transaction().execute(async (trx) => {
    const copy = await trx
      .insertInto('shopping_lists')
      .values({ user_id: userId, title })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO list_items (list_id, type, product_id, description, amount)
      SELECT ${copy.id}, type, product_id, description, amount FROM list_items WHERE list_id = ${listId} ORDER BY id`.execute(
      trx,
    );
  });
  return allLists(db, userId);
}

export async function deleteList(db: Db, userId: number, listId: number): Promise<ShoppingList[]> {
  await ownedList(db, userId, listId);
  await db.transaction().execute(async (trx) => {
    // Lock the customer's lists so two deletes at once cannot remove the last two.
    const mine = await trx
      .selectFrom('shopping_lists')
      .select('id')
      .where('user_id', '=', userId)
      .forUpdate()
      .execute();
    if (mine.length <= 1) throw new BusinessError(ErrorCode.LAST_LIST);
    await trx.deleteFrom('shopping_lists').where('id', '=', listId).execute();
  });
  return allLists(db, userId);
}

export async function addItem(
  db: Db,
  userId: number,
  input: { id: number; amount: number } & (
    | { type: 'CUSTOM'; description: string }
    | { type?: 'PRODUCT' | undefined; barcode: string }
  ),
): Promise<ShoppingList> {
  const list = await ownedList(db, userId, input.id);
  if (input.type === 'CUSTOM') {
    await db
      .insertInto('list_items')
      .values({
        list_id: list.id,
        type: 'CUSTOM',
        product_id: null,
        description: input.description,
        amount: input.amount,
      })
      .execute();
  } else {
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('barcode', '=', input.barcode)
      .executeTakeFirst();
    if (!product) throw new BusinessError(ErrorCode.PRODUCT_NOT_FOUND);
    const existing = await db
      .selectFrom('list_items')
      .select('id')
      .where('list_id', '=', list.id)
      .where('product_id', '=', product.id)
      .executeTakeFirst();
    if (existing)
      await db
        .updateTable('list_items')
        .set({ amount: sql`amount + ${input.amount}` })
        .where('id', '=', existing.id)
        .execute();
    else
      await db
        .insertInto('list_items')
        .values({ list_id: list.id, type: 'PRODUCT', product_id: product.id, description: null, amount: input.amount })
        .execute();
  }
  return listView(db, list);
}

export async function updateItem(
  db: Db,
  userId: number,
  listId: number,
  itemId: number,
  amount: number,
): Promise<ShoppingList> {
  const list = await ownedList(db, userId, listId);
  const result = await db
    .updateTable('list_items')
    .set({ amount })
    .where('id', '=', itemId)
    .where('list_id', '=', list.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new BusinessError(ErrorCode.GENERIC, 'Prodotto non presente nella lista.');
  return listView(db, list);
}

export async function deleteListItem(db: Db, userId: number, listId: number, itemId: number): Promise<ShoppingList> {
  const list = await ownedList(db, userId, listId);
  await db.deleteFrom('list_items').where('id', '=', itemId).where('list_id', '=', list.id).execute();
  return listView(db, list);
}

/**
 * Why a list row did not reach the cart, as the booking check's popup says it (docs/product.md §4
 * Booking): 'Momentaneamente non disponibile' for a product the store does not sell now, else the limit.
 */
const NOT_ADDED_CUSTOM = 'Voce personalizzata: cercala tra i prodotti';
const reasonOf = (error: Refusal, product: { um: string; max_amount: unknown }): string => {
  if (!(error instanceof BusinessError)) return error.message.replace(/\.$/, '');
  if (error.code === ErrorCode.MAX_QUANTITY_REACHED) {
    const limits = [
      product.max_amount === null ? Infinity : Number(product.max_amount),
      product.um === 'PZ' ? MAX_PIECES_PER_ARTICLE : Infinity,
    ];
    const limit = Math.min(...limits);
    return `Supera la quantità massima acquistabile${Number.isFinite(limit) ? ` (${String(limit).replace('.', ',')} ${product.um === 'PZ' ? 'pezzi' : 'kg'})` : ''}`;
  }
  if (error.code === ErrorCode.MAX_PACKS_EXCEEDED)
    return `Supera il limite di ${MAX_WATER_PACKS} confezioni d'acqua per ordine`;
  return MOMENTARILY_UNAVAILABLE;
};

/**
 * Adds a whole list to the cart (docs/product.md §7 cart/list). A row's amount means what
 * the list shows: pieces of a PZ product, kilograms of a KG one (rounded up to
 * the product's step, at least its minimum weight). Rows that cannot be added
 * (custom items, products the store does not sell, rows over a limit) are
 * answered in notAdded with the reason, so the shopper is told.
 */
export async function addListToCart(
  db: Db,
  userId: number,
  listId: number,
  cartId?: number,
): Promise<ListToCartResult> {
  const list = await oneList(db, userId, listId);
  const target =
    cartId ??
    (
      await db
        .selectFrom('carts')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'OPEN')
        .where('is_current', '=', true)
        .executeTakeFirst()
    )?.id;
  if (!target) throw new BusinessError(ErrorCode.CART_NOT_FOUND);
  let cart = await cartView(db, await ownedCart(db, userId, target));
  const notAdded: ListToCartResult['notAdded'] = [];
  for (const item of list.items) {
    if (item.type !== 'PRODUCT' || !item.barcode) {
      notAdded.push({ description: item.description, reason: NOT_ADDED_CUSTOM });
      continue;
    }
    const inCart = cart.items.find((i) => i.barcode === item.barcode);
    const product = await db
      .selectFrom('products')
      .select(['um', 'um_step', 'min_weight', 'max_amount'])
      .where('barcode', '=', item.barcode)
      .executeTakeFirst();
    if (!product) {
      notAdded.push({ description: item.description, reason: MOMENTARILY_UNAVAILABLE });
      continue;
    }
    const step = Number(product.um_step) || 0.01;
    const add =
      product.um === 'PZ'
        ? item.amount
        : Math.max(round2(Math.ceil(round2(item.amount / step) - 1e-9) * step), Number(product.min_weight ?? 0));
    const quantity = round2((product.um === 'PZ' ? (inCart?.amount ?? 0) : (inCart?.weight ?? 0)) + add);
    try {
      cart = (
        await storeItem(db, userId, {
          cartId: target,
          barcode: item.barcode,
          ...(product.um === 'PZ' ? { amount: quantity } : { weight: quantity }),
        })
      ).cart;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      notAdded.push({ description: item.description, reason: reasonOf(error, product) });
    }
  }
  return { ...cart, notAdded };
}

export async function favourites(db: Db, userId: number) {
  const rows = await db
    .selectFrom('favourites as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select(['p.id', 'p.barcode', 'p.description', 'p.image_url'])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, barcode: r.barcode, description: r.description, imageUrl: r.image_url }));
}

export async function setFavourite(db: Db, userId: number, barcode: string, on: boolean) {
  const product = await db.selectFrom('products').select('id').where('barcode', '=', barcode).executeTakeFirst();
  if (!product) throw new BusinessError(ErrorCode.PRODUCT_NOT_FOUND);
  if (on)
    await db
      .insertInto('favourites')
      .values({ user_id: userId, product_id: product.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else await db.deleteFrom('favourites').where('user_id', '=', userId).where('product_id', '=', product.id).execute();
  return favourites(db, userId);
}
