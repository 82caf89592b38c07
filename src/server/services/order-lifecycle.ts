// The store's side of the order lifecycle (docs/product.md §1 terms, decision 014):
// confirm availability row by row, prepare, set the amounts actually picked,
// hand over, issue the receipt; only the picked amount is charged. Orders left
// waiting for the store or the shopper past their deadline expire.
import { SOLD_ALIKE_MESSAGE, soldAlike } from '#src/shared/substitution-rules.ts';
import { sql } from 'kysely';
import type { Order, OrderStatus } from '#src/shared/contract/checkout.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import {
  answerDeadline,
  canConfirm,
  canPick,
  nextStatuses,
  OPEN_STATUSES,
  reminderAt,
  WAITING_STATUSES,
  withinChoices,
} from '#src/shared/order-states.ts';
import type { z } from 'zod';
import type { confirmRequest } from '#src/shared/contract/checkout.ts';
import { round3, rowCents } from '#src/shared/row-price.ts';
import { toCents } from '#src/shared/contract/money.ts';
import type { Db } from '../db/client.ts';
import { BadInput, BusinessError, NotYours } from './outcomes.ts';
import { productByBarcode } from './catalogue.ts';
import { announceOrder } from './order-events.ts';
import { noticeOfStatus, queueOrderNotice } from './order-notices.ts';
import { newPickupCode, orderView } from './orders.ts';
import { releaseSlotPlace } from './slots.ts';

async function storeOrder(db: Db, storeId: number, orderId: number) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  // Another store's order and no order at all get the same answer: an operator learns nothing of ids not theirs.
  if (!order || order.store_id !== storeId) throw new NotYours();
  return order;
}

export async function storeOrders(db: Db, storeId: number, status?: OrderStatus): Promise<Order[]> {
  let q = db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('delivery_date')
    .orderBy('id')
    .limit(200);
  if (status) q = q.where('status', '=', status);
  else q = q.where('status', 'in', OPEN_STATUSES);
  return Promise.all((await q.execute()).map((o) => orderView(db, o)));
}

export async function changeStatus(
  db: Db,
  operator: { userId: number; storeId: number },
  orderId: number,
  next: OrderStatus,
  /** The shop's origin: with it, the shopper's mail of the step is queued (order-notices.ts). */
  origin?: string,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await storeOrder(trx as Db, operator.storeId, orderId);
    if (!nextStatuses(order.status as OrderStatus, order.delivery_mode).includes(next))
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    const picked = await trx
      .selectFrom('order_rows')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .where('operator_amount', 'is not', null)
      // A row confirmed unavailable counts as picked at 0 by the confirmation, not by the store's picking.
      .where(sql<boolean>`confirmation IS DISTINCT FROM 'UNAVAILABLE'`)
      .executeTakeFirstOrThrow();
    if ((next === 'TO_BE_COLLECTED' || next === 'TO_BE_DELIVERED') && picked.n === 0) {
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, 'Indica prima le quantità preparate.');
    }
    const set: { status: OrderStatus; updated_at: Date; payed_cents?: number } = {
      status: next,
      updated_at: new Date(),
    };
    // Only what the store actually picked is charged (plus the order's fees).
    if (next === 'COLLECTED' || next === 'DELIVERED') set.payed_cents = order.operator_total_cents ?? order.total_cents;
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: next, changed_by: operator.userId })
      .execute();
    if (next === 'CANCELLED' && order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
    const notice = noticeOfStatus(next);
    if (notice && origin) await queueOrderNotice(trx as Db, orderId, notice, origin);
    return orderView(trx as Db, { ...order, ...set });
  });
}

/**
 * Records the amounts picked per row; the operator total replaces the estimate.
 * A row's price is the shared rule (rowCents), the one the staff screen shows.
 */
export async function setPicked(
  db: Db,
  operator: { storeId: number },
  orderId: number,
  rows: { id: number; operatorAmount: number }[],
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await storeOrder(trx as Db, operator.storeId, orderId);
    if (!canPick(order.status as OrderStatus)) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    const unitCents = new Map(
      (
        await trx.selectFrom('order_rows').select(['id', 'net_price_cents']).where('order_id', '=', orderId).execute()
      ).map((r) => [r.id, r.net_price_cents]),
    );
    for (const row of rows) {
      const unit = unitCents.get(row.id);
      if (unit === undefined)
        throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, `Riga ${row.id} non presente nell'ordine.`);
      await trx
        .updateTable('order_rows')
        .set({
          operator_amount: round3(row.operatorAmount),
          operator_total_cents: rowCents(unit, row.operatorAmount),
          available: row.operatorAmount > 0,
        })
        .where('id', '=', row.id)
        .where('order_id', '=', orderId)
        .execute();
    }
    const totals = await sql<{ rows: number; fees: number }>`SELECT
        (SELECT coalesce(sum(coalesce(operator_total_cents, row_net_cents)), 0) FROM order_rows WHERE order_id = ${orderId})::int AS rows,
        (SELECT coalesce(sum(value_cents), 0) FROM order_fees WHERE order_id = ${orderId})::int AS fees`.execute(trx);
    const t = totals.rows[0]!;
    await trx
      .updateTable('orders')
      .set({ operator_total_cents: t.rows + t.fees, updated_at: new Date() })
      .where('id', '=', orderId)
      .execute();
    const updated = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    return orderView(trx as Db, updated);
  });
}

/** An order's rows as the store answers for them when it confirms (rows not listed are available). */
type Outcomes = z.output<typeof confirmRequest>['rows'];

/**
 * The store confirms a pre-order's availability (decision 014): each row available, unavailable,
 * or substituted by a product of the store (the shopper's named one, when they named one; never
 * for a row the shopper wants no substitute for). The order's totals become those of the confirmed
 * rows. Within the shopper's choices at checkout (decision 018) it goes through on its own: a cash
 * or bancomat order is prepared at once, with its pickup code; a card order is left for the hold on
 * the linked card (the caller's next step: order-hold.ts autoHold), and waits for the shopper only
 * if that is refused. Beyond them it waits for the shopper until answerDeadline, reminded before.
 */
export async function confirmAvailability(
  db: Db,
  operator: { userId: number; storeId: number },
  orderId: number,
  outcomes: Outcomes,
  now = new Date(),
  /** The shop's origin: with it, the shopper's mail (what changed, pay or accept by when) is queued. */
  origin?: string,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await storeOrder(trx as Db, operator.storeId, orderId);
    if (!canConfirm(order.status as OrderStatus)) throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS);
    if (order.expires_at && new Date(order.expires_at).getTime() <= now.getTime())
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, "Il tempo per confermare l'ordine è scaduto.");
    const rows = await trx.selectFrom('order_rows').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    const given = new Map(outcomes.map((o) => [o.id, o]));
    for (const id of given.keys())
      if (!rows.some((r) => r.id === id))
        throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, `Riga ${id} non presente nell'ordine.`);
    if (rows.every((r) => given.get(r.id)?.outcome === 'UNAVAILABLE'))
      throw new BusinessError(ErrorCode.WRONG_ORDER_STATUS, "Nessun prodotto disponibile: annulla l'ordine.");
    let confirmedNet = 0;
    let changed = false;
    for (const row of rows) {
      const outcome = given.get(row.id) ?? { outcome: 'AVAILABLE' as const, substituteBarcode: null };
      if (outcome.outcome === 'AVAILABLE') {
        await trx.updateTable('order_rows').set({ confirmation: 'AVAILABLE' }).where('id', '=', row.id).execute();
        confirmedNet += row.row_net_cents;
      } else if (outcome.outcome === 'UNAVAILABLE') {
        changed = true;
        // Nothing of it will be picked: it counts as picked at 0.
        await trx
          .updateTable('order_rows')
          .set({ confirmation: 'UNAVAILABLE', available: false, operator_amount: 0, operator_total_cents: 0 })
          .where('id', '=', row.id)
          .execute();
      } else {
        changed = true;
        const substitute = await substituteFor(trx as Db, order.store_id, row, outcome.substituteBarcode ?? null);
        const quantity = Number(row.um === 'KG' ? row.weight : row.amount);
        const netCents = toCents(substitute.product.netPrice);
        const rowNet = rowCents(netCents, quantity);
        await trx
          .updateTable('order_rows')
          .set({
            confirmation: 'SUBSTITUTED',
            original_barcode: row.barcode,
            original_description: row.description,
            original_net_price_cents: row.net_price_cents,
            original_row_net_cents: row.row_net_cents,
            product_id: substitute.id,
            barcode: substitute.product.barcode,
            ref: substitute.product.ref,
            description: substitute.product.description,
            image_url: substitute.product.imageUrl,
            price_cents: toCents(substitute.product.price),
            net_price_cents: netCents,
            row_net_cents: rowNet,
          })
          .where('id', '=', row.id)
          .execute();
        confirmedNet += rowNet;
      }
    }
    const delta = confirmedNet - order.net_total_cents;
    const within = withinChoices(changed, delta, {
      acceptChanges: order.accept_changes,
      limitCents: order.accept_changes_limit_cents,
    });
    const { slotStart, cutoffMinutes } = await slotOf(trx as Db, order, now);
    const deadline = answerDeadline(now, slotStart, cutoffMinutes);
    // Cash and bancomat within the choices: prepared now. Otherwise the order waits for a payment
    // or an acceptance: a card's hold taken on its own next (within the choices), or the shopper's.
    const prepared = within && order.payment_mode !== 'XPAY';
    const set = {
      status: prepared ? ('IN_PREPARATION' as const) : ('PAYMENT_PENDING' as const),
      confirmed_at: now,
      requested_total_cents: order.total_to_pay_cents,
      net_total_cents: confirmedNet,
      total_cents: order.total_cents + delta,
      total_to_pay_cents: order.total_to_pay_cents + delta,
      within_choices: within,
      pickup_code: prepared ? newPickupCode() : order.pickup_code,
      expires_at: prepared ? null : deadline,
      remind_at: prepared ? null : reminderAt(now, deadline),
      updated_at: now,
    };
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    await trx
      .insertInto('order_status_history')
      .values({ order_id: orderId, status: set.status, changed_by: operator.userId })
      .execute();
    // A card order within the choices tells the shopper once its hold is taken or refused.
    if (origin && !(within && order.payment_mode === 'XPAY'))
      await queueOrderNotice(trx as Db, orderId, prepared ? 'IN_PREPARATION' : 'CONFIRMED', origin);
    return orderView(trx as Db, { ...order, ...set });
  });
}

/** When an order's slot starts and its template's booking cut-off (an order without a slot: a day ahead, 120 minutes). */
async function slotOf(db: Db, order: { slot_id: number | null; delivery_date: Date | string | null }, now: Date) {
  const slot = order.slot_id
    ? await db
        .selectFrom('slots as s')
        .innerJoin('slot_templates as t', 't.id', 's.template_id')
        .select(['s.valid_from', 't.cutoff_minutes'])
        .where('s.id', '=', order.slot_id)
        .executeTakeFirst()
    : undefined;
  const start = slot?.valid_from ?? order.delivery_date;
  return {
    slotStart: start ? new Date(start) : new Date(now.getTime() + 24 * 3_600_000),
    cutoffMinutes: slot?.cutoff_minutes ?? 120,
  };
}

/** The product that replaces a row, as the shopper allowed it: 4205 or 4030 with the reason otherwise. */
async function substituteFor(
  db: Db,
  storeId: number,
  row: {
    description: string;
    um: string;
    product_id: number | null;
    replacement: string;
    replacement_barcode: string | null;
    replacement_description: string | null;
  },
  barcode: string | null,
) {
  if (row.replacement === 'NONE')
    throw new BusinessError(
      ErrorCode.WRONG_ORDER_STATUS,
      `Il cliente non vuole sostituzioni per «${row.description}».`,
    );
  const chosen = barcode ?? (row.replacement === 'PRODUCT' ? row.replacement_barcode : null);
  if (!chosen)
    throw new BadInput('Richiesta non valida.', [
      { path: 'rows.substituteBarcode', message: 'Indica il prodotto sostitutivo.' },
    ]);
  if (row.replacement === 'PRODUCT' && chosen !== row.replacement_barcode)
    throw new BusinessError(
      ErrorCode.WRONG_ORDER_STATUS,
      `Il cliente ha scelto «${row.replacement_description ?? ''}» come sostituto di «${row.description}».`,
    );
  const found = await db.selectFrom('products').select(['id', 'um']).where('barcode', '=', chosen).executeTakeFirst();
  const product = found ? await productByBarcode(db, chosen, storeId).catch(() => null) : null;
  if (!found || !product?.available || found.id === row.product_id)
    throw new BusinessError(
      ErrorCode.PRODUCT_NOT_FOUND,
      'Il prodotto sostitutivo non è disponibile in questo punto vendita.',
    );
  if (!soldAlike(found.um, row.um)) throw new BusinessError(ErrorCode.PRODUCT_NOT_VALID, SOLD_ALIKE_MESSAGE);
  return { id: found.id, product };
}

/** An order that expired: who to tell, and the slot it held. */
export interface ExpiredOrder {
  id: number;
  userId: number;
  storeId: number;
  status: OrderStatus;
}

/** However late a reminder went, the shopper has this long after it before the order expires (decision 018). */
const AFTER_REMINDER_MS = 30 * 60_000;

/**
 * The reminders of the orders waiting for the shopper (decision 018): each due one is sent once
 * (mail, and push where the shopper allowed it), even with several API processes sweeping at once
 * (claimed with FOR UPDATE SKIP LOCKED). An order whose deadline came without a reminder (a
 * process down at the time) is reminded now and waits AFTER_REMINDER_MS more: none expires unwarned.
 */
export async function remindWaitingOrders(db: Db, now = new Date(), origin?: string): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('orders')
      .select(['id', 'expires_at'])
      .where('status', '=', 'PAYMENT_PENDING')
      .where('reminded_at', 'is', null)
      .where((eb) => eb.or([eb('remind_at', '<=', now), eb('expires_at', '<=', now)]))
      .orderBy('id')
      .limit(200)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const order of due) {
      const late =
        order.expires_at !== null && new Date(order.expires_at).getTime() < now.getTime() + AFTER_REMINDER_MS;
      await trx
        .updateTable('orders')
        .set({
          reminded_at: now,
          ...(late ? { expires_at: new Date(now.getTime() + AFTER_REMINDER_MS) } : {}),
        })
        .where('id', '=', order.id)
        .execute();
      if (origin) await queueOrderNotice(trx as Db, order.id, 'REMINDER', origin);
    }
    return due.map((o) => o.id);
  });
}

/** One sweep of the waiting orders: the reminders due, then the orders past their deadline. */
export async function sweepWaitingOrders(
  db: Db,
  now = new Date(),
  origin?: string,
): Promise<{ reminded: number[]; expired: ExpiredOrder[] }> {
  const reminded = await remindWaitingOrders(db, now, origin);
  return { reminded, expired: await expireWaitingOrders(db, now, origin) };
}

/**
 * Orders left waiting past their deadline expire (decision 014): a pre-order the store did not
 * confirm by the slot's cut-off, a confirmed order the shopper did not pay or accept in time and
 * was reminded of (decision 018). Each is cancelled once, its slot place freed, even with several
 * API processes sweeping at once: the rows are claimed with FOR UPDATE SKIP LOCKED, and each one
 * moves only from a waiting status.
 */
export async function expireWaitingOrders(db: Db, now = new Date(), origin?: string): Promise<ExpiredOrder[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('orders')
      .select(['id', 'slot_id', 'user_id', 'store_id', 'status'])
      .where('status', 'in', WAITING_STATUSES)
      .where('expires_at', '<=', now)
      // An order waiting for the shopper expires only once they were reminded (remindWaitingOrders).
      .where((eb) => eb.or([eb('status', '=', 'TO_BE_PREPARED'), eb('reminded_at', 'is not', null)]))
      .orderBy('id')
      .limit(200)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const order of due) {
      await trx
        .updateTable('orders')
        .set({ status: 'ABORTED', expires_at: null, updated_at: now })
        .where('id', '=', order.id)
        .execute();
      await trx
        .insertInto('order_status_history')
        .values({ order_id: order.id, status: 'ABORTED', changed_by: null })
        .execute();
      if (order.slot_id) await releaseSlotPlace(trx as Db, order.slot_id);
      if (origin) await queueOrderNotice(trx as Db, order.id, 'EXPIRED', origin);
      await announceOrder(trx as Db, {
        orderId: order.id,
        userId: order.user_id,
        storeId: order.store_id,
        status: 'ABORTED',
      });
    }
    return due.map((o) => ({ id: o.id, userId: o.user_id, storeId: o.store_id, status: o.status as OrderStatus }));
  });
}
