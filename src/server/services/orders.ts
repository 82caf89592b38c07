// Booking (freeze) and the customer's orders (docs/product.md §4 Order statuses,
// Checkout steps; docs/architecture.md §4 order lifecycle).
import { randomInt } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import type { choicesRequest, freezeRequest, Order, OrderStatus } from '#src/shared/contract/checkout.ts';
import type { CardPayment } from '#src/shared/contract/payments.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { toCents, toEuro } from '#src/shared/contract/money.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { belowMinimum, minimumOrderMessage } from '#src/shared/minimum-order.ts';
import {
  canAbort,
  canAccept,
  canConfirm,
  canModify,
  confirmDeadline,
  notYetPrepared,
  showsOrderedRows,
} from '#src/shared/order-states.ts';
import { modeEnabled } from '#src/shared/payment-rules.ts';
import { weekDayOf } from '#src/shared/calendar.ts';
import type { Flags } from '#src/shared/flags.ts';
import type { Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { BadInput, BusinessError, NotYours, Refusal } from './outcomes.ts';
import { cartLines, cartView, openCart, ownedCart, setReplacement, storeItem } from './cart.ts';
import { productByBarcode } from './catalogue.ts';
import { releaseSlotPlace, takeSlotPlace } from './slots.ts';

type OrderRow = Selectable<Database['orders']>;

export async function allowedPaymentModes(db: Db, storeId: number, mode: string, flags: Flags): Promise<string[]> {
  const rows = await db
    .selectFrom('store_payment_modes')
    .select('payment_mode')
    .where('store_id', '=', storeId)
    .where('delivery_mode', '=', mode as never)
    .orderBy('payment_mode')
    .execute();
  return rows.map((r) => r.payment_mode).filter((m) => modeEnabled(m, flags));
}

/**
 * Books the cart: takes a place in the slot and turns the cart into an order, all or nothing.
 * `booked` runs in the booking's transaction with the new order (the pre-order's mail, queued
 * by the caller: order-notices.ts reads orders through this module).
 */
export async function freezeCart(
  db: Db,
  userId: number,
  input: z.output<typeof freezeRequest>,
  flags: Flags,
  booked: (trx: Db, orderId: number) => Promise<void> = async () => {},
  now = new Date(),
): Promise<Cart> {
  return db.transaction().execute(async (trx) => {
    const cart = await ownedCart(trx, userId, input.cartId, { lock: true });
    const view = await cartView(trx, cart);
    const lines = await cartLines(trx, cart);
    const changed = lines.filter((l) => !l.product?.available || toCents(l.product.netPrice) !== l.snapshot.priceCents);
    if (changed.length)
      throw new BusinessError(ErrorCode.PRICES_CHANGED, undefined, {
        updated: view.items.filter((i) => i.available && changed.some((l) => l.itemId === i.id)),
        removed: view.items.filter((i) => !i.available),
      });
    if (view.items.length === 0) throw new BusinessError(ErrorCode.CART_NOT_FOUND, 'Il carrello è vuoto.');
    if (belowMinimum(view)) throw new BusinessError(ErrorCode.BELOW_MINIMUM, minimumOrderMessage(view.minNetTotal));
    if (!(await allowedPaymentModes(trx as Db, cart.store_id, cart.delivery_mode, flags)).includes(input.paymentMode)) {
      throw new BadInput('Modalità di pagamento non disponibile.', [
        { path: 'paymentMode', message: 'Modalità di pagamento non disponibile per questo punto vendita.' },
      ]);
    }
    if (input.invoice) {
      if (!input.billingAddressId) throw new BusinessError(ErrorCode.BILLING_ADDRESS_MISSING);
      const billing = await trx
        .selectFrom('billing_addresses')
        .select(['user_id', 'deleted_at'])
        .where('id', '=', input.billingAddressId)
        .executeTakeFirst();
      if (!billing || billing.deleted_at) throw new BusinessError(ErrorCode.BILLING_ADDRESS_MISSING);
      if (billing.user_id !== userId) throw new NotYours();
    }
    const shipTo = await bookedAddress(trx as Db, userId, cart);
    const slot = await trx
      .selectFrom('slots as s')
      .innerJoin('slot_templates as t', 't.id', 's.template_id')
      .select(['s.id', 's.valid_from', 's.valid_to', 's.day', 't.cutoff_minutes', 't.store_id', 't.delivery_mode'])
      .where('s.id', '=', input.timeSlotId)
      .executeTakeFirst();
    if (!slot || slot.store_id !== cart.store_id || slot.delivery_mode !== cart.delivery_mode)
      throw new BusinessError(ErrorCode.DELIVERY_CREATION_FAILED);
    if (now.getTime() >= new Date(slot.valid_from).getTime() - slot.cutoff_minutes * 60_000)
      throw new BusinessError(ErrorCode.BOOKING_CUTOFF_EXCEEDED);
    if (!(await takeSlotPlace(trx as Db, slot.id))) throw new BusinessError(ErrorCode.SLOT_FULL);

    // Every order is first a pre-order for the store to confirm (decision 014), whatever its payment.
    const status: OrderStatus = 'TO_BE_PREPARED';
    const replacements = await bookedReplacements(trx as Db, cart.store_id, lines, input.enableProductsReplacement);
    const created = await trx
      .insertInto('orders')
      .values({
        number: `T${now.getTime()}${randomInt(1000)}`,
        code: String(randomInt(100000, 1000000)),
        user_id: userId,
        cart_id: cart.id,
        store_id: cart.store_id,
        delivery_mode: cart.delivery_mode,
        address_id: cart.address_id,
        slot_id: slot.id,
        delivery_date: slot.valid_from,
        ship_address: shipTo?.address ?? null,
        ship_street_number: shipTo?.street_number ?? null,
        ship_city: shipTo?.city ?? null,
        ship_county: shipTo ? shipTo.county.trim() : null,
        ship_zip: shipTo?.zip ?? null,
        status,
        profile_email: input.profileEmail,
        profile_mobile_phone: input.profileMobilePhone,
        first_name: input.firstName,
        last_name: input.lastName,
        notes: input.notes ?? null,
        invoice: input.invoice,
        billing_address_id: input.invoice ? (input.billingAddressId ?? null) : null,
        enable_products_replacement: input.enableProductsReplacement,
        accept_changes: input.acceptChanges,
        accept_changes_limit_cents: toCents(input.acceptChangesLimit),
        payment_mode: input.paymentMode,
        net_total_cents: toCents(view.netTotal),
        total_cents: toCents(view.total),
        total_to_pay_cents: toCents(view.totalToPay),
        operator_total_cents: null,
        payed_cents: null,
        expires_at: confirmDeadline(new Date(slot.valid_from), slot.cutoff_minutes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const number = `W${String(created.id).padStart(8, '0')}`;
    await trx.updateTable('orders').set({ number }).where('id', '=', created.id).execute();
    await trx
      .insertInto('order_rows')
      .values(
        lines.map((l, i) => {
          const item = view.items[i]!;
          return {
            order_id: created.id,
            product_id: l.product!.id,
            barcode: item.barcode,
            ref: item.ref,
            description: item.description,
            image_url: item.imageUrl,
            um: item.um,
            amount: item.amount,
            weight: item.weight,
            price_cents: toCents(item.price),
            net_price_cents: toCents(item.netPrice),
            row_net_cents: toCents(item.rowNetPrice),
            operator_amount: null,
            operator_total_cents: null,
            ...replacements[i]!,
          };
        }),
      )
      .execute();
    if (view.fees.length)
      await trx
        .insertInto('order_fees')
        .values(
          view.fees.map((f) => ({
            order_id: created.id,
            fee_id: f.id,
            description: f.description,
            value_cents: toCents(f.value),
          })),
        )
        .execute();
    await trx.insertInto('order_status_history').values({ order_id: created.id, status, changed_by: userId }).execute();
    await trx
      .updateTable('carts')
      .set({ status: 'FROZEN', is_current: false, updated_at: now })
      .where('id', '=', cart.id)
      .execute();
    await booked(trx as Db, created.id);
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    return (await orderView(trx as Db, order)).cart;
  });
}

/** A booked row's choice of substitute: the cart row's, else the order's consent; a named product at its price now. */
type BookedReplacement = {
  replacement: 'SIMILAR' | 'NONE' | 'PRODUCT';
  replacement_product_id: number | null;
  replacement_barcode: string | null;
  replacement_description: string | null;
  replacement_price_cents: number | null;
};
async function bookedReplacements(
  db: Db,
  storeId: number,
  lines: { replacement: CartItem['replacement'] }[],
  consent: boolean,
): Promise<BookedReplacement[]> {
  const named = lines.flatMap((l) =>
    l.replacement?.mode === 'PRODUCT' && l.replacement.barcode ? [l.replacement.barcode] : [],
  );
  const now = named.length
    ? await db
        .selectFrom('products as p')
        .innerJoin('store_products as sp', (j) => j.onRef('sp.product_id', '=', 'p.id').on('sp.store_id', '=', storeId))
        .select(['p.id', 'p.barcode', 'p.description', 'sp.price_cents', 'sp.available'])
        .where('p.barcode', 'in', named)
        .execute()
    : [];
  // A named product's price as the shopper sees it in the store now, its promotion included.
  const netCents = new Map<string, number>();
  for (const p of now.filter((p) => p.available))
    netCents.set(p.barcode, toCents((await productByBarcode(db, p.barcode, storeId)).netPrice));
  const none: BookedReplacement = {
    replacement: consent ? 'SIMILAR' : 'NONE',
    replacement_product_id: null,
    replacement_barcode: null,
    replacement_description: null,
    replacement_price_cents: null,
  };
  return lines.map(({ replacement: r }): BookedReplacement => {
    if (!r) return none;
    if (r.mode !== 'PRODUCT') return { ...none, replacement: r.mode };
    const product = now.find((p) => p.barcode === r.barcode);
    // A named product the store does not sell (now, or since the cart moved): the shopper accepted
    // that product only, so nothing replaces the row; never "any similar product" in its place.
    if (!product?.available) return { ...none, replacement: 'NONE' };
    return {
      replacement: 'PRODUCT',
      replacement_product_id: product.id,
      replacement_barcode: product.barcode,
      replacement_description: product.description,
      replacement_price_cents: netCents.get(product.barcode) ?? product.price_cents,
    };
  });
}

/**
 * The delivery address of a cart, checked again at booking: the shopper may
 * have edited or deleted it since the cart was opened. As when the cart is
 * opened, it must still exist (42: no delivery for that address), be the
 * shopper's own (403), and for home delivery lie in a town the cart's store
 * delivers to (2222, docs/product.md §8 and §9 towns).
 */
async function bookedAddress(
  db: Db,
  userId: number,
  cart: { store_id: number; delivery_mode: string; address_id: number | null },
) {
  if (cart.delivery_mode !== 'AT_HOME' && cart.delivery_mode !== 'SHIPPED') return null;
  if (cart.address_id === null) throw new BusinessError(ErrorCode.DELIVERY_NOT_ACTIVE_FOR_ADDRESS);
  const address = await db
    .selectFrom('addresses')
    .select(['user_id', 'address', 'street_number', 'city', 'county', 'zip', 'deleted_at'])
    .where('id', '=', cart.address_id)
    .executeTakeFirst();
  if (!address || address.deleted_at) throw new BusinessError(ErrorCode.DELIVERY_NOT_ACTIVE_FOR_ADDRESS);
  if (address.user_id !== userId) throw new NotYours();
  if (cart.delivery_mode === 'AT_HOME') {
    const served = await sql<{
      store_id: number;
    }>`SELECT store_id FROM delivery_towns WHERE lower(town) = lower(${address.city.trim()}) AND store_id = ${cart.store_id}`.execute(
      db,
    );
    if (!served.rows.length) throw new BusinessError(ErrorCode.HOME_DELIVERY_NOT_ACTIVE);
  }
  return address;
}

function rowItem(r: Selectable<Database['order_rows']>, operator: boolean): CartItem {
  const amount = r.amount === null ? null : Number(r.amount);
  const weight = r.weight === null ? null : Number(r.weight);
  return {
    id: r.id,
    ref: r.ref,
    barcode: r.barcode,
    description: r.description,
    imageUrl: r.image_url,
    um: r.um === 'KG' ? 'KG' : 'PZ',
    purchaseUm: r.um,
    amount: operator && r.um === 'PZ' && r.operator_amount !== null ? Number(r.operator_amount) : amount,
    weight: operator && r.um === 'KG' && r.operator_amount !== null ? Number(r.operator_amount) : weight,
    umStep: 1,
    minWeight: null,
    maxAmount: null,
    price: toEuro(r.price_cents),
    netPrice: toEuro(r.net_price_cents),
    rowNetPrice: toEuro(operator && r.operator_total_cents !== null ? r.operator_total_cents : r.row_net_cents),
    promotions: [],
    vatConfigurationId: null,
    attrib3: null,
    available: r.available,
    status: r.available ? 'ok' : 'danger',
    operatorAmount: r.operator_amount === null ? null : Number(r.operator_amount),
    operatorTotal: r.operator_total_cents === null ? null : toEuro(r.operator_total_cents),
    replacement:
      r.replacement === 'PRODUCT'
        ? {
            mode: 'PRODUCT',
            barcode: r.replacement_barcode,
            description: r.replacement_description,
            price: r.replacement_price_cents === null ? null : toEuro(r.replacement_price_cents),
          }
        : { mode: r.replacement, barcode: null, description: null, price: null },
    confirmation: r.confirmation
      ? {
          outcome: r.confirmation,
          original:
            r.confirmation === 'SUBSTITUTED' && r.original_barcode !== null
              ? {
                  barcode: r.original_barcode,
                  description: r.original_description ?? '',
                  netPrice: toEuro(r.original_net_price_cents ?? 0),
                  rowNetPrice: toEuro(r.original_row_net_cents ?? 0),
                }
              : null,
        }
      : null,
  };
}

/** The card hold of an order and what was charged (the live hold first, else the latest released one). */
async function cardPaymentOf(db: Db, orderId: number): Promise<CardPayment | null> {
  const tx = await db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'PREAUTH')
    .where('status', 'in', ['APPROVED', 'CAPTURED', 'VOIDED'])
    .orderBy(sql`CASE WHEN status IN ('APPROVED', 'CAPTURED') THEN 0 ELSE 1 END`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!tx) return null;
  return {
    status: tx.status === 'APPROVED' ? 'AUTHORISED' : tx.status === 'CAPTURED' ? 'CAPTURED' : 'VOIDED',
    authorised: toEuro(tx.amount_cents),
    captured: tx.captured_cents === null ? null : toEuro(tx.captured_cents),
  };
}

export async function orderView(db: Db, order: OrderRow): Promise<Order> {
  const [rows, fees, store, slot, card] = await Promise.all([
    db.selectFrom('order_rows').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('order_fees').selectAll().where('order_id', '=', order.id).orderBy('fee_id').execute(),
    db
      .selectFrom('stores')
      .select(['name', 'min_net_total_cents'])
      .where('id', '=', order.store_id)
      .executeTakeFirstOrThrow(),
    order.slot_id
      ? db
          .selectFrom('slots')
          .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'valid_from', 'valid_to'])
          .where('id', '=', order.slot_id)
          .executeTakeFirst()
      : undefined,
    order.payment_mode === 'XPAY' ? cardPaymentOf(db, order.id) : null,
  ]);
  const status = order.status as OrderStatus;
  const items = rows.map((r) => rowItem(r, false));
  const cart: Cart = {
    id: order.cart_id,
    title: null,
    storeId: order.store_id,
    storeDescription: `${DELIVERY_MODE_LABELS[order.delivery_mode]} · ${store.name}`,
    deliveryMode: order.delivery_mode,
    addressId: order.address_id,
    items,
    itemsCount: items.length,
    netTotal: toEuro(order.net_total_cents),
    total: toEuro(order.total_cents),
    totalToPay: toEuro(order.total_to_pay_cents),
    minNetTotal: toEuro(store.min_net_total_cents),
    fees: fees.map((f) => ({ id: f.fee_id, description: f.description, value: toEuro(f.value_cents) })),
    paymentMode: order.payment_mode,
    code: order.code,
    orderNumber: order.number,
    delivery: {
      // The copy made at booking, not the address as the shopper may have edited it since.
      addressDescription:
        order.ship_address !== null
          ? `${order.ship_address} ${order.ship_street_number ?? ''}, ${order.ship_city ?? ''}`
          : null,
      timeSlot: slot
        ? {
            weekDay: weekDayOf(slot.day),
            validFrom: new Date(slot.valid_from).toISOString(),
            validTo: new Date(slot.valid_to).toISOString(),
          }
        : null,
    },
    payment: { mode: order.payment_mode },
    categories: [],
    current: false,
  };
  const operatorRows = rows.some((r) => r.operator_amount !== null);
  const showOperator = operatorRows && !notYetPrepared(status);
  // An order the store cancelled before picking anything was never prepared: it shows what was ordered.
  const neverPrepared = status === 'CANCELLED' && !operatorRows;
  const prepared = showsOrderedRows(status) || neverPrepared ? [] : rows.map((r) => rowItem(r, true));
  // A row the store did not touch counts as picked as ordered, as setPicked charges it.
  const operatorNet = rows.reduce((sum, r) => sum + (r.operator_total_cents ?? r.row_net_cents), 0);
  const pickedRows = rows.filter((r) => Number(r.operator_amount ?? r.amount ?? r.weight ?? 0) > 0).length;
  return {
    id: order.id,
    number: order.number,
    code: order.code,
    pickupCode: order.pickup_code,
    status,
    deliveryDate: order.delivery_date ? new Date(order.delivery_date).toISOString() : null,
    confirmedAt: order.confirmed_at ? new Date(order.confirmed_at).toISOString() : null,
    expiresAt: order.expires_at ? new Date(order.expires_at).toISOString() : null,
    requestedTotal: order.requested_total_cents === null ? null : toEuro(order.requested_total_cents),
    acceptChanges: order.accept_changes,
    acceptChangesLimit: order.accept_changes_limit_cents === null ? null : toEuro(order.accept_changes_limit_cents),
    withinChoices: order.within_choices,
    cart,
    operatorCart: showOperator
      ? {
          netTotal: toEuro(operatorNet),
          total: toEuro(order.operator_total_cents ?? operatorNet),
          itemsCount: pickedRows,
          payed: order.payed_cents === null ? null : toEuro(order.payed_cents),
        }
      : null,
    preparedCartItems: prepared,
    cardPayment: card,
    createdAt: new Date(order.created_at).toISOString(),
  };
}

async function ownedOrder(db: Db, userId: number, orderId: number, lock = false): Promise<OrderRow> {
  let q = db.selectFrom('orders').selectAll().where('id', '=', orderId);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  // Another customer's order and no order at all get the same answer: a caller learns nothing of ids not theirs.
  if (!order || order.user_id !== userId) throw new NotYours();
  return order;
}

export async function listOrders(db: Db, userId: number, page: number, size: number): Promise<Paged<Order>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(await Promise.all(rows.map((r) => orderView(db, r))), Number(count.n), page, size);
}

export async function fetchOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  return orderView(db, await ownedOrder(db, userId, orderId));
}

/** The customer cancels while the order is TO_BE_PREPARED or PAYMENT_PENDING; the slot place is freed. */
export async function abortOrder(db: Db, userId: number, orderId: number): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await ownedOrder(trx as Db, userId, orderId, true);
    if (!canAbort(order.status as OrderStatus)) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    await trx
      .updateTable('orders')
      .set({ status: 'ABORTED', expires_at: null, updated_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: 'ABORTED', changed_by: userId })
      .execute();
    if (order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
    return orderView(trx as Db, { ...order, status: 'ABORTED' });
  });
}

/**
 * A copied row's choice of substitute, as it was booked. A named product the store no longer sells
 * cannot be kept: the row then has no substitute, the narrower choice (never a similar one in its place).
 */
async function keepReplacement(
  db: Db,
  userId: number,
  cartId: number,
  itemId: number,
  row: Selectable<Database['order_rows']>,
): Promise<Cart> {
  try {
    return await setReplacement(db, userId, {
      cartId,
      itemId,
      mode: row.replacement,
      barcode: row.replacement === 'PRODUCT' ? row.replacement_barcode : null,
    });
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    return setReplacement(db, userId, { cartId, itemId, mode: 'NONE', barcode: null });
  }
}

/** A new pickup code: issued when the shopper pays or accepts the confirmed order (decision 014). */
export const newPickupCode = () => String(randomInt(100000, 1000000));

/** A confirmed order waited past its deadline: the expiry sweep cancels it (order-lifecycle.ts). */
const pastDeadline = (order: OrderRow, now: Date) =>
  order.expires_at !== null && new Date(order.expires_at).getTime() <= now.getTime();

/** The shopper accepts a confirmed cash or bancomat order as the store confirmed it: the store prepares it. */
export async function acceptOrder(db: Db, userId: number, orderId: number, now = new Date()): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await ownedOrder(trx as Db, userId, orderId, true);
    if (!canAccept(order.status as OrderStatus, order.payment_mode))
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    if (pastDeadline(order, now))
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, "Il tempo per confermare l'ordine è scaduto.");
    const set = {
      status: 'IN_PREPARATION' as const,
      pickup_code: newPickupCode(),
      expires_at: null,
      updated_at: now,
    };
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: 'IN_PREPARATION', changed_by: userId })
      .execute();
    return orderView(trx as Db, { ...order, ...set });
  });
}

/**
 * The shopper changes what the store's confirmation may do without asking again (decision 018),
 * while the order waits for the store; once the store has confirmed, the choices were used.
 */
export async function setOrderChoices(
  db: Db,
  userId: number,
  orderId: number,
  input: z.output<typeof choicesRequest>,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await ownedOrder(trx as Db, userId, orderId, true);
    if (!canConfirm(order.status as OrderStatus))
      throw new BusinessError(
        ErrorCode.WRONG_ORDER_STATUS,
        "Il punto vendita ha già confermato l'ordine: le tue scelte sono già state applicate.",
      );
    const set = { accept_changes: input.acceptChanges, accept_changes_limit_cents: toCents(input.acceptChangesLimit) };
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    return orderView(trx as Db, { ...order, ...set });
  });
}

/**
 * The shopper takes a waiting order back to change it (decision 014): the order is cancelled and its
 * slot place freed, then its rows as the store confirmed them (a substitute in place of the product
 * it replaced, unavailable rows left out and listed) go into the cart for the same store and mode.
 */
export async function modifyOrder(db: Db, userId: number, orderId: number, flags: Flags) {
  await db.transaction().execute(async (trx) => {
    const order = await ownedOrder(trx as Db, userId, orderId, true);
    if (!canModify(order.status as OrderStatus)) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    await trx
      .updateTable('orders')
      .set({ status: 'ABORTED', expires_at: null, updated_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: 'ABORTED', changed_by: userId })
      .execute();
    if (order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
  });
  return copyOrder(db, userId, orderId, undefined, flags);
}

/**
 * Copies an order into the cart for the same store and mode; 4105 lists what changed since. Each row
 * keeps its choice of substitute; a row the store confirmed unavailable is listed as removed.
 */
export async function copyOrder(
  db: Db,
  userId: number,
  orderId: number,
  addressId: number | null | undefined,
  flags: Flags,
) {
  const order = await ownedOrder(db, userId, orderId);
  const rows = await db.selectFrom('order_rows').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  let cart = await openCart(
    db,
    userId,
    {
      storeId: order.store_id,
      deliveryMode: order.delivery_mode,
      addressId: addressId ?? order.address_id,
      terminalType: 'WEB',
    },
    flags,
  );
  const updated: CartItem[] = [];
  const removed: CartItem[] = [];
  for (const row of rows) {
    const quantity = row.um === 'KG' ? Number(row.weight) : Number(row.amount);
    if (row.confirmation === 'UNAVAILABLE') {
      removed.push({ ...rowItem(row, false), available: false, status: 'danger' });
      continue;
    }
    try {
      cart = (
        await storeItem(db, userId, {
          cartId: cart.id,
          barcode: row.barcode,
          ...(row.um === 'KG' ? { weight: quantity } : { amount: quantity }),
        })
      ).cart;
      const item = cart.items.find((i) => i.barcode === row.barcode);
      if (item && row.replacement !== 'SIMILAR') cart = await keepReplacement(db, userId, cart.id, item.id, row);
      if (item && toCents(item.netPrice) !== row.net_price_cents) updated.push(item);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // A row refused for a limit (30 pieces, 5 water packs, a quantity rule) says so, not 'Momentaneamente non disponibile'.
      const overLimit =
        !(error instanceof BusinessError) ||
        error.code === ErrorCode.MAX_QUANTITY_REACHED ||
        error.code === ErrorCode.MAX_PACKS_EXCEEDED;
      removed.push({
        ...rowItem(row, false),
        available: false,
        status: 'danger',
        ...(overLimit ? { removedReason: error.message } : {}),
      });
    }
  }
  return { cart, updated, removed };
}
