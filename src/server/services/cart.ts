// Carts (docs/product.md §4 Cart lifecycle, §5 quantity rules, §9 fees and limits).
// Every answer carries the whole cart, recomputed from current prices (a cart
// write takes those of products it showed before from the memo of the current
// catalogue version and day, cart-memo.ts); every write locks the cart row, so
// parallel writes to one cart never lose one. Every change to a cart's rows
// also updates the cart row (its updated_at): a cart write's memo knows the
// cart's rows by the version of that row.
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  MAX_WATER_PACKS,
  type Cart,
  type DeliveryMode,
  type LastChoice,
  type openCartRequest,
  type Replacement,
  type replacementRequest,
  type storeItemRequest,
} from '#src/shared/contract/cart.ts';
import { DEFAULT_STORE_ID, type Product } from '#src/shared/contract/catalogue.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { belowMinimum, minimumOrderMessage } from '#src/shared/minimum-order.ts';
import { exceedsMaximum, quantityProblem } from '#src/shared/quantity-rules.ts';
import { SOLD_ALIKE_MESSAGE, soldAlike } from '#src/shared/substitution-rules.ts';
import { romeToday } from '#src/shared/time.ts';
import type { Flags } from '#src/shared/flags.ts';
import type { Db } from '../db/client.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database } from '../db/schema.ts';
import { BadInput, BusinessError, LoginRequired, NotYours } from './outcomes.ts';
import { cartProductColumns, productByBarcode, promotionOf } from './catalogue.ts';
import { toProduct, type ProductRow } from './product-mapping.ts';
import { cartTotals, toCartItem, waterPacks, type CartLine } from './cart-pricing.ts';
import { payable } from './payable-modes.ts';
import { cartMemoOf, type CartMemo } from './cart-memo.ts';
import { catalogueGeneration } from '../catalogue-version.ts';
import { type AccountCheck, alreadyChecked } from '../auth/session-token.ts';

type Tx = Db | Transaction<Database>;
/** A cart row's columns under the names storeItem reads them with (beside a product's). */
type CartColumns = { [K in keyof CartRow as `cart_${K}`]: CartRow[K] };
type CartRow = {
  id: number;
  user_id: number;
  store_id: number;
  delivery_mode: DeliveryMode;
  address_id: number | null;
  title: string | null;
  status: string;
  is_current: boolean;
};

const cartRowQuery = (db: Db, cartId: number) =>
  db
    .selectFrom('carts')
    .select(['id', 'user_id', 'store_id', 'delivery_mode', 'address_id', 'title', 'status', 'is_current'])
    .where('id', '=', cartId);
const cartRow = compiledOnce(cartRowQuery);
const lockedCartRow = compiledOnce((db: Db, cartId: number) => cartRowQuery(db, cartId).forUpdate());

/** The customer's cart, or 4004 when it does not exist, 403 when it is someone else's. */
export async function ownedCart(
  db: Tx,
  userId: number,
  cartId: number,
  opts: { lock?: boolean; open?: boolean } = {},
): Promise<CartRow> {
  const [row] = await (opts.lock ? lockedCartRow : cartRow)(db as Db, cartId);
  return ownedCartOf(row, userId, opts.open !== false);
}

/** ownedCart's rules for a cart row read by another statement (slots.ts reads it with the slots). */
export function ownedCartOf<R extends Pick<CartRow, 'user_id' | 'status'>>(
  row: R | undefined,
  userId: number,
  open = true,
): R {
  if (!row) throw new BusinessError(ErrorCode.CART_NOT_FOUND);
  if (row.user_id !== userId) throw new NotYours();
  if (open && row.status !== 'OPEN') throw new BusinessError(ErrorCode.CART_NOT_FOUND);
  return row;
}

/**
 * A cart row's choice of substitute as stored (migration 0018). A named product's price is the
 * one in the cart's store, set when it is chosen and again when the cart moves; null when the
 * cart's store does not sell it (after a move): the row says so, and at booking nothing replaces it.
 */
type KeptReplacement =
  | { mode: 'SIMILAR' | 'NONE' }
  | { mode: 'PRODUCT'; productId: number; barcode: string; description: string; priceCents: number | null };
type NamedReplacement = Extract<KeptReplacement, { mode: 'PRODUCT' }>;

/** The choice as a cart row shows it. */
const replacementView = (r: KeptReplacement | null): Replacement | null =>
  r === null
    ? null
    : r.mode === 'PRODUCT'
      ? {
          mode: 'PRODUCT',
          barcode: r.barcode,
          description: r.description,
          price: r.priceCents === null ? null : toEuro(r.priceCents),
        }
      : { mode: r.mode, barcode: null, description: null, price: null };

type LineRow = ProductRow & {
  item_id: number;
  amount: number | null;
  weight: number | null;
  snapshot_cents: number;
  /** The row's choice of substitute (migration 0018), null: the order's consent decides. */
  replacement: KeptReplacement | null;
  price_cents: number | null;
  available: boolean | null;
};

/** The SELECT of a cart's rows with each product's price and promotion in the cart's store now. */
const linesSelect = (cart: Pick<CartRow, 'id' | 'store_id'>) =>
  sql<LineRow>`SELECT ci.id AS item_id, ci.amount, ci.weight, ci.price_cents AS snapshot_cents, ci.replacement, ${sql.raw(cartProductColumns)},
      sp.price_cents, sp.available, promo.*
    FROM cart_items ci
    JOIN products p ON p.id = ci.product_id
    LEFT JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = ${cart.store_id}
    LEFT JOIN LATERAL ${promotionOf(cart.store_id, romeToday())} promo ON true
    WHERE ci.cart_id = ${cart.id}
    ORDER BY ci.id`;

/**
 * What a cart row shows of its product that depends only on the catalogue and
 * the day, with the row it was read from (kept in the CartMemo).
 */
type CatalogueSide = Pick<CartLine, 'product' | 'waterPack'> & {
  snapshot: Omit<CartLine['snapshot'], 'priceCents'>;
  row: ProductRow;
};

function catalogueSide(r: ProductRow): CatalogueSide {
  return {
    row: r,
    // A product the store no longer sells has no price there: the row keeps what the shopper saw.
    product: r.price_cents === null ? null : toProduct(r, [], []),
    snapshot: { barcode: r.barcode, description: r.description, ref: r.ref, imageUrl: r.image_url, um: r.um },
    waterPack: r.water_pack,
  };
}

/** A cart row's own columns. */
type ItemColumns = Pick<LineRow, 'item_id' | 'amount' | 'weight' | 'snapshot_cents' | 'replacement'>;

/** A cart row: its own columns, and its product's side. */
function toCartLine(r: ItemColumns, side: CatalogueSide): CartLine {
  return {
    itemId: r.item_id,
    amount: r.amount === null ? null : Number(r.amount),
    weight: r.weight === null ? null : Number(r.weight),
    product: side.product,
    snapshot: { ...side.snapshot, priceCents: r.snapshot_cents },
    waterPack: side.waterPack,
    replacement: replacementView(r.replacement),
    item: undefined,
  };
}

/**
 * The line of a row the cart memo keeps, made once per row object and product side and kept on
 * the row: a write's other rows come from the memo as the same objects, and so keep the same line
 * (and item, cart-pricing.ts) while their product's side lasts. On the row, not in a WeakMap (an
 * ephemeron for V8's full collection, cart-answer.ts).
 */
function keptRowLine(r: OwnRow, side: CatalogueSide): CartLine {
  const made = r.made;
  if (made?.side === side) return made.line;
  const line = toCartLine(r, side);
  r.made = { side, line };
  return line;
}

/**
 * The SELECT of a cart's rows but `except`'s, for a cart write: the catalogue
 * side (product, price, promotion) only of the products not in `known`, whose
 * side the server kept (cart-memo.ts). In a scalar subquery the test of
 * `known` gates the joins of each row (a one-time filter; in a join the test
 * was made after them), and the side comes as one JSON value: a row the memo
 * answers brings six columns, not fifty.
 */
/** A row of writtenLinesSelect: the cart row's own columns, its product, the product's side unless known. */
type WrittenLine = ItemColumns & { line_product_id: number; product: ProductRow | null };

const writtenLinesSelect = (
  cart: Pick<CartRow, 'id' | 'store_id'>,
  except: number,
  known: number[],
  today: string,
  when: RawBuilder<unknown>,
) =>
  sql<WrittenLine>`SELECT ci.id AS item_id, ci.amount, ci.weight, ci.price_cents AS snapshot_cents, ci.replacement, ci.product_id AS line_product_id,
      (SELECT to_jsonb(x) FROM (SELECT ${sql.raw(cartProductColumns)}, sp.price_cents, sp.available, promo.*
        FROM products p
        LEFT JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = ${cart.store_id}
        LEFT JOIN LATERAL ${promotionOf(cart.store_id, today)} promo ON true
        WHERE p.id = ci.product_id AND NOT ci.product_id = ANY(${known}::bigint[])) x) AS product
    FROM cart_items ci
    WHERE ci.cart_id = ${cart.id} AND ci.product_id <> ${except} AND ${when}
    ORDER BY ci.id`;

/** The cart's rows with each product's price and promotion in the cart's store now, in one query. */
export async function cartLines(db: Tx, cart: Pick<CartRow, 'id' | 'store_id'>): Promise<CartLine[]> {
  return (await linesSelect(cart).execute(db)).rows.map((r) => toCartLine(r, catalogueSide(r)));
}

/** What a cart's answer needs of its store and delivery address. */
type CartStore = {
  name: string;
  delivery_fee_cents: number;
  bag_fee_cents: number;
  min_net_total_cents: number;
  address: string | null;
  street_number: string | null;
  city: string | null;
};

/** The SELECT of the cart's store and address, to run alone or after a write in the same statement. */
const cartStoreSelect = (cart: Pick<CartRow, 'store_id' | 'address_id'>) =>
  sql<CartStore>`SELECT s.name, s.delivery_fee_cents, s.bag_fee_cents, s.min_net_total_cents, a.address, a.street_number, a.city
    FROM stores s LEFT JOIN addresses a ON a.id = ${cart.address_id ?? -1}
    WHERE s.id = ${cart.store_id}`;

/** The whole cart as answered; `known` when the caller has already read its store and lines (storeItem, with its write). */
export async function cartView(
  db: Tx,
  cart: CartRow,
  known?: { store: CartStore; lines?: CartLine[] | undefined },
): Promise<Cart> {
  const store = known?.store ?? (await cartStoreSelect(cart).execute(db)).rows[0];
  if (!store) throw new Error(`Store ${cart.store_id} of cart ${cart.id} not found`);
  const lines = known?.lines ?? (await cartLines(db, cart));
  const totals = cartTotals(lines, cart.delivery_mode, {
    deliveryFeeCents: store.delivery_fee_cents,
    bagFeeCents: store.bag_fee_cents,
    minNetTotalCents: store.min_net_total_cents,
  });
  const address = store.address !== null ? store : undefined;
  const categories = [...new Set(lines.map((l) => l.product?.categoryId.slice(0, 2)).filter((c): c is string => !!c))];
  const view: Cart = {
    id: cart.id,
    title: cart.title,
    storeId: cart.store_id,
    storeDescription: `${DELIVERY_MODE_LABELS[cart.delivery_mode]} · ${store.name}`,
    deliveryMode: cart.delivery_mode,
    addressId: cart.address_id,
    ...totals,
    paymentMode: null,
    code: null,
    delivery: {
      addressDescription: address ? `${address.address} ${address.street_number}, ${address.city}` : null,
      timeSlot: null,
    },
    payment: { mode: null },
    categories,
    current: cart.is_current,
  };
  return view;
}

/** The store serves the mode and the shopper can pay for it under the current settings (payable-modes.ts). */
async function offersMode(db: Tx, storeId: number, mode: DeliveryMode, flags: Flags): Promise<boolean> {
  return !!(await db
    .selectFrom('store_delivery_modes as m')
    .select('m.store_id')
    .where('m.store_id', '=', storeId)
    .where('m.delivery_mode', '=', mode)
    .where(payable(flags, 'm.store_id', 'm.delivery_mode'))
    .executeTakeFirst());
}

/** Which store serves this mode and address (docs/product.md §4 cart creation; docs/architecture.md §4 delivery towns). */
async function storeFor(
  db: Tx,
  userId: number,
  input: z.output<typeof openCartRequest>,
  flags: Flags,
): Promise<{ storeId: number; addressId: number | null }> {
  if (input.deliveryMode === 'IN_STORE' || input.deliveryMode === 'DRIVE') {
    const storeId = input.storeId ?? DEFAULT_STORE_ID;
    if (!(await offersMode(db, storeId, input.deliveryMode, flags)))
      throw new BusinessError(ErrorCode.STORE_MODE_NOT_OFFERED);
    return { storeId, addressId: null };
  }
  if (!input.addressId)
    throw new BadInput('Richiesta non valida.', [{ path: 'addressId', message: 'Scegli un indirizzo di consegna' }]);
  const address = await db
    .selectFrom('addresses')
    .select(['user_id', 'city', 'deleted_at'])
    .where('id', '=', input.addressId)
    .executeTakeFirst();
  if (!address || address.deleted_at) throw new BusinessError(ErrorCode.DELIVERY_NOT_ACTIVE_FOR_ADDRESS);
  if (address.user_id !== userId) throw new NotYours();
  if (input.deliveryMode === 'SHIPPED') {
    const shipper = await db
      .selectFrom('store_delivery_modes as m')
      .select('m.store_id')
      .where('m.delivery_mode', '=', 'SHIPPED')
      .where(payable(flags, 'm.store_id', 'm.delivery_mode'))
      .orderBy('m.store_id')
      .executeTakeFirst();
    if (!shipper) throw new BusinessError(ErrorCode.STORE_MODE_NOT_OFFERED);
    return { storeId: shipper.store_id, addressId: input.addressId };
  }
  const town = await sql<{
    store_id: number;
  }>`SELECT store_id FROM delivery_towns WHERE lower(town) = lower(${address.city.trim()})`.execute(db);
  const storeId = town.rows[0]?.store_id;
  if (!storeId) throw new BusinessError(ErrorCode.HOME_DELIVERY_NOT_ACTIVE);
  if (!(await offersMode(db, storeId, 'AT_HOME', flags)))
    throw new BusinessError(ErrorCode.DELIVERY_NOT_ACTIVE_FOR_ADDRESS);
  return { storeId, addressId: input.addressId };
}

async function makeCurrent(trx: Tx, userId: number, cartId: number): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ is_current: false })
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .execute();
  await trx.updateTable('carts').set({ is_current: true, updated_at: new Date() }).where('id', '=', cartId).execute();
}

/** Opens (or reopens) the shopper's cart for a store and mode and makes it current. */
export async function openCart(
  db: Db,
  userId: number,
  input: z.output<typeof openCartRequest>,
  flags: Flags,
): Promise<Cart> {
  const { storeId, addressId } = await storeFor(db, userId, input, flags);
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    let existing = trx
      .selectFrom('carts')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'OPEN')
      .where('store_id', '=', storeId)
      .where('delivery_mode', '=', input.deliveryMode);
    existing =
      addressId === null ? existing.where('address_id', 'is', null) : existing.where('address_id', '=', addressId);
    const found = await existing.executeTakeFirst();
    const cartId =
      found?.id ??
      (
        await trx
          .insertInto('carts')
          .values({
            user_id: userId,
            store_id: storeId,
            delivery_mode: input.deliveryMode,
            address_id: addressId,
            title: null,
            terminal_type: 'WEB',
            terminal_id: input.terminalId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await makeCurrent(trx, userId, cartId);
    return cartView(trx, await ownedCart(trx, userId, cartId));
  });
}

/**
 * How and where the shopper last shopped: the mode and store (or address) of their latest cart,
 * booked, dropped or still open. The next cart starts from them (docs/product.md §4 Next cart).
 */
export async function lastChoice(db: Db, userId: number): Promise<LastChoice | null> {
  const row = await db
    .selectFrom('carts')
    .select(['delivery_mode', 'store_id', 'address_id'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { deliveryMode: row.delivery_mode as DeliveryMode, storeId: row.store_id, addressId: row.address_id }
    : null;
}

/** Serialises a customer's cart-level changes (current cart switches). */
async function lockCustomer(trx: Tx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * The customer's current cart as answered (null without one). The account
 * check (AccountCheck.stands), the current cart's row, whether its store
 * still offers its mode and the store are read in one statement; its rows
 * come from the memo when the last write left them at the cart row's version
 * read (cart-memo.ts), or from a statement of their own. A cart whose store
 * stopped serving its mode, or whose mode can no longer be paid for (card
 * payments turned off), is closed into a list (4008).
 */
export async function currentCart(db: Db, customer: AccountCheck, flags: Flags): Promise<Cart | null> {
  const { userId } = customer;
  // One row at least: the account check's, with the cart's and its store's when there is one.
  const { rows } = await sql<
    { stands: boolean; offered: boolean | null; version: string | null } & Nullable<CartRow> & Nullable<CartStore>
  >`SELECT ${customer.stands} AS stands, c.id, c.user_id, c.store_id, c.delivery_mode, c.address_id, c.title, c.status,
      c.is_current, c.version, EXISTS (SELECT 1 FROM store_delivery_modes m WHERE m.store_id = c.store_id
        AND m.delivery_mode = c.delivery_mode AND ${payable(flags, 'm.store_id', 'm.delivery_mode')}) AS offered,
      s.name, s.delivery_fee_cents, s.bag_fee_cents, s.min_net_total_cents, a.address, a.street_number, a.city
    FROM (VALUES (1)) AS one (n)
    LEFT JOIN LATERAL (SELECT id, user_id, store_id, delivery_mode, address_id, title, status, is_current,
      xmin::text AS version FROM carts WHERE user_id = ${userId} AND status = 'OPEN' AND is_current LIMIT 1) c ON true
    LEFT JOIN stores s ON s.id = c.store_id
    LEFT JOIN addresses a ON a.id = c.address_id`.execute(db);
  const row = rows[0];
  if (!row?.stands) throw new LoginRequired();
  if (row.id === null) return null;
  const found = row as typeof row & CartRow & { version: string };
  const cart: CartRow = {
    id: found.id,
    user_id: found.user_id,
    store_id: found.store_id,
    delivery_mode: found.delivery_mode,
    address_id: found.address_id,
    title: found.title,
    status: found.status,
    is_current: found.is_current,
  };
  if (!row.offered) {
    const listId = await closeIntoList(db, userId, cart);
    throw new BusinessError(ErrorCode.CART_CLOSED_MOVED_TO_LIST, undefined, { smartListId: listId });
  }
  if (row.name === null) return cartView(db, cart);
  return cartView(db, cart, { store: row as CartStore, lines: await keptLines(db, cart, found.version) });
}

/**
 * The cart's rows from the memo, when the last write left them at `version`
 * of the cart row: every change to a cart's rows updates the cart row, so no
 * other change has reached them since (cart-memo.ts). Undefined otherwise.
 */
async function keptLines(db: Db, cart: CartRow, version: string): Promise<CartLine[] | undefined> {
  const generation = await catalogueGeneration(db);
  const memo = cartMemoOf<CatalogueSide, CartRow, OwnRow>(db);
  const kept = memo.keptRows(generation, cart.store_id, cart.id);
  if (kept?.version !== version) return undefined;
  const known = memo.known(generation, cart.store_id, cart.id);
  const lines: CartLine[] = [];
  for (const r of kept.rows) {
    const side = known.get(r.line_product_id);
    if (!side) return undefined;
    lines.push(keptRowLine(r, side));
  }
  return lines;
}

async function closeIntoList(db: Db, userId: number, cart: CartRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const list = await trx
      .insertInto('shopping_lists')
      .values({
        user_id: userId,
        title: `Carrello del ${new Date().toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' })}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A list row's amount is pieces or kilograms, as in the cart (addListToCart).
    await sql`INSERT INTO list_items (list_id, type, product_id, amount)
      SELECT ${list.id}, 'PRODUCT', product_id, GREATEST(1, round(coalesce(amount, weight, 1), 2)) FROM cart_items WHERE cart_id = ${cart.id}`.execute(
      trx,
    );
    await trx
      .updateTable('carts')
      .set({ status: 'CLOSED', is_current: false, updated_at: new Date() })
      .where('id', '=', cart.id)
      .execute();
    return list.id;
  });
}

export async function openCarts(db: Db, userId: number): Promise<Cart[]> {
  const rows = await db
    .selectFrom('carts')
    .select(['id', 'user_id', 'store_id', 'delivery_mode', 'address_id', 'title', 'status', 'is_current'])
    .where('user_id', '=', userId)
    .where('status', '=', 'OPEN')
    .orderBy('updated_at', 'desc')
    .execute();
  return Promise.all(rows.map((r) => cartView(db, r)));
}

export async function reviewCart(db: Db, userId: number, cartId: number): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    await ownedCart(trx, userId, cartId);
    await makeCurrent(trx, userId, cartId);
    return cartView(trx, await ownedCart(trx, userId, cartId));
  });
}

/** What storeItem read and checked: the cart, the product as its store sells it today, the new quantity. */
interface ItemChange {
  cart: CartRow;
  row: ProductRow;
  product: Product;
  quantity: number;
  /** The product's side as the memo keeps it, when the change was checked on it: the written row shows that one. */
  side?: CatalogueSide;
}

/**
 * Reads the cart with the product as its store sells it today (one statement,
 * locking the cart when `lock`), and checks the change against docs/product.md §5 and §9.
 */
async function itemChange(
  db: Tx,
  userId: number,
  input: z.output<typeof storeItemRequest>,
  lock: boolean,
  today: string,
): Promise<ItemChange> {
  const found = (
    await sql<CartColumns & Partial<ProductRow>>`SELECT c.id AS cart_id, c.user_id AS cart_user_id,
        c.store_id AS cart_store_id, c.delivery_mode AS cart_delivery_mode, c.address_id AS cart_address_id,
        c.title AS cart_title, c.status AS cart_status, c.is_current AS cart_is_current, x.*
      FROM carts c
      LEFT JOIN LATERAL (SELECT ${sql.raw(cartProductColumns)}, sp.price_cents, sp.available, promo.*
        FROM products p JOIN store_products sp ON sp.product_id = p.id AND sp.store_id = c.store_id
        LEFT JOIN LATERAL ${promotionOf(sql<number>`c.store_id`, today)} promo ON true
        WHERE p.barcode = ${input.barcode}) x ON true
      WHERE c.id = ${input.cartId}
      ${lock ? sql`FOR UPDATE OF c` : sql``}`.execute(db)
  ).rows[0];
  if (!found) throw new BusinessError(ErrorCode.CART_NOT_FOUND);
  const cart: CartRow = {
    id: found.cart_id,
    user_id: found.cart_user_id,
    store_id: found.cart_store_id,
    delivery_mode: found.cart_delivery_mode,
    address_id: found.cart_address_id,
    title: found.cart_title,
    status: found.cart_status,
    is_current: found.cart_is_current,
  };
  if (cart.user_id !== userId) throw new NotYours();
  if (cart.status !== 'OPEN') throw new BusinessError(ErrorCode.CART_NOT_FOUND);
  const row = found.id === null || found.id === undefined ? null : (found as ProductRow);
  if (!row) {
    const exists = await db.selectFrom('products').select('id').where('barcode', '=', input.barcode).executeTakeFirst();
    throw new BusinessError(exists ? ErrorCode.PRODUCT_NOT_VALID : ErrorCode.PRODUCT_NOT_FOUND);
  }
  return checkedChange(cart, row, toProduct(row, [], []), input);
}

/** The change checked against docs/product.md §5 and §9 for the product as its store sells it today. */
function checkedChange(
  cart: CartRow,
  row: ProductRow,
  product: Product,
  input: z.output<typeof storeItemRequest>,
): ItemChange {
  if (!product.available) throw new BusinessError(ErrorCode.PRODUCT_NOT_VALID);
  const quantity = product.um === 'PZ' ? (input.amount ?? input.weight!) : (input.weight ?? input.amount!);
  const problem = quantityProblem(product, quantity);
  if (problem) throw new BadInput(problem, [{ path: product.um === 'PZ' ? 'amount' : 'weight', message: problem }]);
  if (exceedsMaximum(product, quantity)) throw new BusinessError(ErrorCode.MAX_QUANTITY_REACHED);
  return { cart, row, product, quantity };
}

/** A row of writeChange's answer: the cart's store, one of its other rows (if any), the written row's values. */
type WrittenRow = CartStore &
  Nullable<WrittenLine> &
  Pick<CartColumns, 'cart_delivery_mode' | 'cart_title' | 'cart_is_current'> & {
    put_id: number | null;
    put_amount: number | string | null;
    put_weight: number | string | null;
    put_replacement: KeptReplacement | null;
    fresh: boolean;
    /** The version (xmin) of the cart row as locked, and of the one the write made. */
    locked_version: string;
    written_version: string | null;
  };
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A cart row's own columns as the memo keeps them: the row, its product's id, and its line once made (keptRowLine). */
type OwnRow = ItemColumns & {
  line_product_id: number;
  made: { side: CatalogueSide; line: CartLine } | undefined;
};

/** What a cart write knows before it writes: the catalogue's generation, its day, the memo of product sides. */
interface WriteContext {
  generation: string;
  today: string;
  memo: CartMemo<CatalogueSide, CartRow, OwnRow>;
  /** The customer's account still stands (AccountCheck): the write's condition. */
  stands: AccountCheck['stands'];
}

/**
 * The row's change and the cart's updated_at, in one statement that first locks
 * the cart as it was read (still the shopper's, open, in the same store and
 * address) while the customer's account stands, and answers the cart's store
 * and its other rows. No answer: the cart changed since it was read, or the
 * account no longer stands. The other rows are those of the statement's
 * snapshot: when another write to the cart committed while this one waited
 * for its lock (PostgreSQL), `lines` is absent and the caller reads them again.
 * Of the products the cart showed last, the rows bring only the cart's own
 * columns: their catalogue side comes from the memo (cart-memo.ts). When the
 * memo keeps the cart's rows as the last write left them and the locked cart
 * row is still the version that write made, no other change reached the rows
 * (every change to them updates the cart row): the statement sends none, and
 * they come from the memo. With such rows kept, the write is first made as an
 * update of that version of the cart row, which takes the row's lock: no lock
 * of its own, no second look at the row, no read of the rows, a third less of
 * the write's time in the database. Only when no such row is found does the
 * statement above run. The cart's mode, title and current mark are answered
 * as locked.
 */
async function writeChange(
  db: Tx,
  { cart: seen, row, product, quantity, side: keptSide }: ItemChange,
  { generation, today, memo, stands }: WriteContext,
): Promise<{ cart: CartRow; store: CartStore; lines?: CartLine[] } | undefined> {
  const kept = memo.keptRows(generation, seen.store_id, seen.id);
  // The sides of the products the cart showed last, by id: needed only when its rows are not kept.
  const known = kept ? undefined : memo.known(generation, seen.store_id, seen.id);
  const owned = sql`id = ${seen.id} AND user_id = ${seen.user_id} AND status = 'OPEN' AND store_id = ${seen.store_id}
    AND address_id IS NOT DISTINCT FROM ${seen.address_id}::bigint AND ${stands}`;
  // The row's change, from the cart row `source` (a CTE) answers: none when that row is not there.
  const change = (source: 'c' | 'touched') =>
    quantity === 0
      ? sql`put AS (DELETE FROM cart_items WHERE cart_id = (SELECT id FROM ${sql.raw(source)}) AND product_id = ${row.id}
          RETURNING NULL::bigint AS id, NULL::numeric AS amount, NULL::numeric AS weight, NULL::jsonb AS replacement)`
      : sql`put AS (
          INSERT INTO cart_items (cart_id, product_id, amount, weight, price_cents, available)
          SELECT s.id, ${row.id}::bigint, ${product.um === 'PZ' ? quantity : null}::numeric,
            ${product.um === 'KG' ? quantity : null}::numeric, ${toCents(product.netPrice)}::integer, true FROM ${sql.raw(source)} s
          ON CONFLICT (cart_id, product_id) DO UPDATE SET amount = excluded.amount, weight = excluded.weight,
            price_cents = excluded.price_cents, available = true
          RETURNING id, amount, weight, replacement)`;
  const put = sql`(SELECT id FROM put) AS put_id, (SELECT amount FROM put) AS put_amount, (SELECT weight FROM put) AS put_weight,
    (SELECT replacement FROM put) AS put_replacement`;
  // With the cart's rows kept, the write is made only on the version of the cart row they came with: its
  // update is the lock, and no other change reached the rows since (every change to them updates that row).
  // No answer: the cart or the account changed, or another write came first; lockedWrite then finds out which.
  const keptWrite = async (version: string) =>
    (
      await sql<WrittenRow>`WITH touched AS (UPDATE carts SET updated_at = now() WHERE ${owned} AND xmin = ${version}::xid
          RETURNING id, xmin::text AS version, delivery_mode, title, is_current), ${change('touched')}
        SELECT st.*, ${put}, true AS fresh, ${version}::text AS locked_version, t.version AS written_version,
          t.delivery_mode AS cart_delivery_mode, t.title AS cart_title, t.is_current AS cart_is_current
        FROM (${cartStoreSelect(seen)}) st CROSS JOIN touched t`.execute(db)
    ).rows;
  const lockedWrite = async () => {
    const same = sql`c AS (SELECT id, xmin::text AS version, delivery_mode, title, is_current FROM carts
      WHERE ${owned} FOR UPDATE)`;
    const touch = sql`touched AS (UPDATE carts SET updated_at = now() WHERE id = (SELECT id FROM c) RETURNING xmin::text AS version)`;
    // The other rows are read only when the locked cart row is not the version the memo's rows came with.
    const unknownRows = sql`(SELECT version FROM c) IS DISTINCT FROM ${kept?.version ?? null}::text`;
    // With rows kept, the others are read only when another change reached them, which is rare: the
    // statement then sends every row's product (the memo's sides still come first). So it does without
    // the list of known products, up to 40 ids that every write would otherwise write out and send.
    const knownIds = known ? [...known.keys()] : [];
    // The store's columns (cartStoreSelect) and a row's (writtenLinesSelect) have no name in common.
    return (
      await sql<WrittenRow>`WITH ${same}, ${change('c')}, ${touch}
      SELECT st.*, ${put}, (SELECT c.version = x.xmin::text FROM c JOIN carts x ON x.id = c.id) AS fresh,
        c.version AS locked_version, (SELECT version FROM touched) AS written_version,
        c.delivery_mode AS cart_delivery_mode, c.title AS cart_title, c.is_current AS cart_is_current, l.*
      FROM (${cartStoreSelect(seen)}) st
      CROSS JOIN c
      LEFT JOIN LATERAL (${writtenLinesSelect(seen, row.id, knownIds, today, unknownRows)}) l ON true
      ORDER BY l.item_id`.execute(db)
    ).rows;
  };
  const hit = kept ? await keptWrite(kept.version) : [];
  const rows = hit.length ? hit : await lockedWrite();
  const first = rows[0];
  if (!first) return undefined;
  const store: CartStore = first;
  const cart: CartRow = {
    ...seen,
    delivery_mode: first.cart_delivery_mode,
    title: first.cart_title,
    is_current: first.cart_is_current,
  };
  const fromMemo = kept !== undefined && first.locked_version === kept.version;
  if (!fromMemo && !first.fresh) return { cart, store };
  const lines: CartLine[] = [];
  const sides: CatalogueSide[] = [];
  const own: OwnRow[] = [];
  const others: readonly Nullable<Omit<OwnRow, 'made'>>[] = fromMemo
    ? kept.rows.filter((r) => r.line_product_id !== row.id)
    : rows;
  for (const r of others) {
    if (r.item_id === null || r.line_product_id === null) continue;
    const side =
      (known ? known.get(r.line_product_id) : memo.sideOf(generation, seen.store_id, r.line_product_id)) ??
      ('product' in r && r.product ? catalogueSide(r.product as ProductRow) : undefined);
    // A row always has its product (a foreign key): as in cartLines' join, one without is left out.
    if (!side) continue;
    // A kept row is kept as it is; one read brings the statement's other columns, which are left.
    const ownRow: OwnRow = fromMemo
      ? (r as OwnRow)
      : {
          item_id: r.item_id,
          amount: r.amount,
          weight: r.weight,
          snapshot_cents: r.snapshot_cents as number,
          replacement: r.replacement ?? null,
          line_product_id: r.line_product_id,
          made: undefined,
        };
    lines.push(keptRowLine(ownRow, side));
    sides.push(side);
    own.push(ownRow);
  }
  if (first.put_id !== null) {
    // The written row: the product as read, with the values the write stored.
    const written: OwnRow = {
      item_id: first.put_id,
      amount: first.put_amount === null ? null : Number(first.put_amount),
      weight: first.put_weight === null ? null : Number(first.put_weight),
      snapshot_cents: toCents(product.netPrice),
      replacement: first.put_replacement ?? null,
      line_product_id: row.id,
      made: undefined,
    };
    // The memo's side, kept as it is: one object per product in the store while the generation lasts.
    const side = keptSide ?? catalogueSide(row);
    // In the rows' order (by row id), which the others are in already.
    const after = own.findIndex((r) => r.item_id > written.item_id);
    const at = after === -1 ? own.length : after;
    lines.splice(at, 0, keptRowLine(written, side));
    sides.splice(at, 0, side);
    own.splice(at, 0, written);
  }
  memo.remember(
    generation,
    cart,
    sides,
    first.written_version === null ? undefined : { version: first.written_version, rows: own },
  );
  return { cart, store, lines };
}

/** Water packs count across the cart's rows (docs/product.md §9): such a change is checked with the cart locked. */
const countsPacks = (change: ItemChange) => change.row.water_pack && change.quantity > 0;

/**
 * Adds, changes (or with 0 removes) one product; the limits of docs/product.md §9 hold on
 * the server. The change is checked, then written in one statement that locks
 * the cart as it was read and answers its other rows, outside any
 * transaction: nothing holds the database while the server checks. The cart
 * and the product are read first, unless the memo holds both (cart-memo.ts):
 * then the write is the only statement. When the cart changed in between
 * (moved, closed, not the shopper's), or water packs must be counted across
 * its rows, the change is made again in a transaction that locks the cart
 * from the start. The write's statement holds the customer's account check
 * (AccountCheck.stands): nothing is written for an account that no longer
 * stands, and when the memo's write is not made, the account is checked
 * before anything else is read.
 */
export async function storeItem(db: Db, userId: number, input: z.output<typeof storeItemRequest>) {
  return storeItemOf(db, alreadyChecked(userId), input);
}

/** storeItem for a customer whose account the write itself checks (the API's call). */
export async function storeItemOf(db: Db, customer: AccountCheck, input: z.output<typeof storeItemRequest>) {
  const { userId } = customer;
  // The generation is read before anything of the catalogue: a side read later is at least as new.
  const today = romeToday();
  const context: WriteContext = {
    generation: await catalogueGeneration(db, today),
    today,
    memo: cartMemoOf<CatalogueSide, CartRow, OwnRow>(db),
    stands: customer.stands,
  };
  const guess = context.memo.guess(context.generation, userId, input.cartId, input.barcode);
  let seen = guess?.side.product
    ? checkedOrNull(() => ({
        ...checkedChange(guess.cart, guess.side.row, guess.side.product!, input),
        side: guess.side,
      }))
    : null;
  let written = seen && !countsPacks(seen) ? await writeChange(db, seen, context) : undefined;
  // Written: the account stood (the write's condition). Otherwise nothing is read or refused before it is checked.
  if (!written) await customer.check();
  // A change the memo cannot answer, or refused on the memo's facts, is read and checked anew: errors come from there.
  if (!written && !(seen && countsPacks(seen))) {
    seen = await itemChange(db, userId, input, false, today);
    if (!countsPacks(seen)) written = await writeChange(db, seen, context);
  }
  const done: { change: ItemChange; written: Awaited<ReturnType<typeof writeChange>> } =
    seen && written
      ? { change: seen, written }
      : await db.transaction().execute(async (trx) => {
          const change = await itemChange(trx, userId, input, true, today);
          if (countsPacks(change)) {
            const others = waterPacks(
              (await cartLines(trx, change.cart)).filter((l) => l.snapshot.barcode !== input.barcode),
            );
            if (others + change.quantity > MAX_WATER_PACKS) throw new BusinessError(ErrorCode.MAX_PACKS_EXCEEDED);
          }
          return { change, written: await writeChange(trx, change, context) };
        });
  const { product, quantity } = done.change;
  return {
    cart: await cartView(db, done.written?.cart ?? done.change.cart, done.written),
    updatedProduct: { barcode: product.barcode, um: product.um, description: product.description, amount: quantity },
  };
}

/** The checked change, or null when a check refuses it. */
function checkedOrNull(check: () => ItemChange): ItemChange | null {
  try {
    return check();
  } catch {
    return null;
  }
}

export async function deleteItem(db: Db, userId: number, cartId: number, barcode: string): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cart = await ownedCart(trx, userId, cartId, { lock: true });
    const product = await trx.selectFrom('products').select('id').where('barcode', '=', barcode).executeTakeFirst();
    if (!product) throw new BusinessError(ErrorCode.PRODUCT_NOT_FOUND);
    await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).where('product_id', '=', product.id).execute();
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cart.id).execute();
    return cartView(trx, cart);
  });
}

/** Abandons a cart; another open cart, if any, becomes current. */
export async function abortCart(db: Db, userId: number, cartId: number): Promise<Cart | null> {
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    await ownedCart(trx, userId, cartId, { lock: true });
    await trx
      .updateTable('carts')
      .set({ status: 'ABORTED', is_current: false, updated_at: new Date() })
      .where('id', '=', cartId)
      .execute();
    const next = await trx
      .selectFrom('carts')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'OPEN')
      .orderBy('updated_at', 'desc')
      .executeTakeFirst();
    if (!next) return null;
    await makeCurrent(trx, userId, next.id);
    return cartView(trx, await ownedCart(trx, userId, next.id));
  });
}

/** Moves the cart to another store (and mode): prices follow the new store. */
export async function moveCart(
  db: Db,
  userId: number,
  input: {
    cartId: number;
    storeId: number;
    deliveryMode?: DeliveryMode | undefined;
    addressId?: number | null | undefined;
  },
  flags: Flags,
): Promise<Cart> {
  const current = await ownedCart(db, userId, input.cartId);
  const mode = input.deliveryMode ?? current.delivery_mode;
  const target = await storeFor(
    db,
    userId,
    {
      deliveryMode: mode,
      storeId: input.storeId,
      addressId: input.addressId ?? current.address_id,
      terminalType: 'WEB',
    },
    flags,
  );
  return db.transaction().execute(async (trx) => {
    await ownedCart(trx, userId, input.cartId, { lock: true });
    await trx
      .updateTable('carts')
      .set({ store_id: target.storeId, delivery_mode: mode, address_id: target.addressId, updated_at: new Date() })
      .where('id', '=', input.cartId)
      .execute();
    await renameReplacements(trx as Db, input.cartId, target.storeId);
    return cartView(trx, await ownedCart(trx, userId, input.cartId));
  });
}

/**
 * A named substitute follows the cart to its new store: its price there, or none when that
 * store does not sell it (the row shows it, and booking keeps the shopper's "only this one":
 * the row is not replaced, bookedReplacements in orders.ts).
 */
async function renameReplacements(db: Db, cartId: number, storeId: number): Promise<void> {
  const rows = await db
    .selectFrom('cart_items')
    .select(['id', 'replacement'])
    .where('cart_id', '=', cartId)
    .where(sql<string>`replacement->>'mode'`, '=', 'PRODUCT')
    .execute();
  for (const row of rows) {
    const named = row.replacement as NamedReplacement;
    const value: NamedReplacement = { ...named, priceCents: await namedPriceCents(db, named.barcode, storeId) };
    await db
      .updateTable('cart_items')
      .set({ replacement: JSON.stringify(value) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** A named substitute's price as the shopper sees it in the store now, its promotion included; null when not sold there. */
async function namedPriceCents(db: Db, barcode: string, storeId: number): Promise<number | null> {
  const product = await productByBarcode(db, barcode, storeId).catch((error: unknown) => {
    if (error instanceof BusinessError) return null;
    throw error;
  });
  return product?.available ? toCents(product.netPrice) : null;
}

/**
 * Before booking (docs/product.md §4 Booking): items whose price changed are updated,
 * items no longer available are removed; both are answered with 4105 so the
 * shopper sees them. Below the minimum order the booking is refused.
 */
export async function freezeCheck(
  db: Db,
  userId: number,
  cartId: number,
): Promise<{ changed: false; cart: Cart } | { changed: true; updated: Cart['items']; removed: Cart['items'] }> {
  return db.transaction().execute(async (trx) => {
    const cart = await ownedCart(trx, userId, cartId, { lock: true });
    const lines = await cartLines(trx, cart);
    const updated: Cart['items'] = [];
    const removed: Cart['items'] = [];
    for (const line of lines) {
      const item = toCartItem(line);
      if (!line.product?.available) {
        removed.push(item);
        await trx.deleteFrom('cart_items').where('id', '=', line.itemId).execute();
      } else if (toCents(line.product.netPrice) !== line.snapshot.priceCents) {
        updated.push(item);
        await trx
          .updateTable('cart_items')
          .set({ price_cents: toCents(line.product.netPrice) })
          .where('id', '=', line.itemId)
          .execute();
      }
    }
    if (updated.length || removed.length) {
      // Every change to a cart's rows updates the cart row: a cart write's memo knows its rows by that row's version.
      await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cart.id).execute();
      return { changed: true, updated, removed };
    }
    const view = await cartView(trx, cart);
    if (view.items.length === 0) throw new BusinessError(ErrorCode.CART_NOT_FOUND, 'Il carrello è vuoto.');
    if (belowMinimum(view)) throw new BusinessError(ErrorCode.BELOW_MINIMUM, minimumOrderMessage(view.minNetTotal));
    return { changed: false, cart: view };
  });
}

/**
 * The shopper's choice of substitute for one row (decision 014): a similar product the store picks,
 * none, or a named product the store sells (4030 when it does not, or it is the row's own product).
 * The named product is kept with its name and price in the cart's store as chosen; booking reads its
 * price again. The cart row is updated with it, as every change to a cart's rows (cart-memo.ts).
 */
export async function setReplacement(
  db: Db,
  userId: number,
  input: z.output<typeof replacementRequest>,
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cart = await ownedCart(trx, userId, input.cartId, { lock: true });
    const item = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('products as p', 'p.id', 'ci.product_id')
      .select(['ci.id', 'ci.product_id', 'p.um'])
      .where('ci.id', '=', input.itemId)
      .where('ci.cart_id', '=', cart.id)
      .executeTakeFirst();
    if (!item) throw new BusinessError(ErrorCode.CART_NOT_FOUND, 'Il prodotto non è più nel carrello.');
    let value: KeptReplacement = { mode: input.mode === 'NONE' ? 'NONE' : 'SIMILAR' };
    if (input.mode === 'PRODUCT') {
      const named = await trx
        .selectFrom('products as p')
        .innerJoin('store_products as sp', (j) =>
          j.onRef('sp.product_id', '=', 'p.id').on('sp.store_id', '=', cart.store_id),
        )
        .select(['p.id', 'p.barcode', 'p.description', 'p.um', 'sp.price_cents', 'sp.available'])
        .where('p.barcode', '=', input.barcode ?? '')
        .executeTakeFirst();
      if (!named?.available || named.id === item.product_id)
        throw new BusinessError(
          ErrorCode.PRODUCT_NOT_FOUND,
          named?.id === item.product_id
            ? 'Scegli un prodotto diverso da quello da sostituire.'
            : 'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
        );
      if (!soldAlike(named.um, item.um)) throw new BusinessError(ErrorCode.PRODUCT_NOT_VALID, SOLD_ALIKE_MESSAGE);
      value = {
        mode: 'PRODUCT',
        productId: named.id,
        barcode: named.barcode,
        description: named.description,
        // Its price as the shopper sees it in the store now, its promotion included (as the search lists it).
        priceCents: toCents((await productByBarcode(trx as Db, named.barcode, cart.store_id)).netPrice),
      };
    }
    await trx
      .updateTable('cart_items')
      .set({ replacement: JSON.stringify(value) })
      .where('id', '=', item.id)
      .execute();
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cart.id).execute();
    return cartView(trx, cart);
  });
}
