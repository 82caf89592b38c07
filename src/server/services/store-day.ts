// The store's own day (docs/product.md, Store staff): a product marked unavailable or
// available again in the store, the pick list of a slot for the staff who pick by hand,
// and today's slots with their orders in each state. Every call is the operator's own
// store only: another store's slot is refused as not theirs.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { forgetCatalogueVersion } from '../catalogue-version.ts';
import { NotYours } from './outcomes.ts';
import { toEuro } from '#src/shared/contract/money.ts';
import type { OrderStatus } from '#src/shared/contract/checkout.ts';
import type { PickList, ShelfProduct, StoreDay } from '#src/shared/contract/store-operations.ts';
import { romeToday } from '#src/shared/time.ts';
import { WAITING_STATUSES } from '#src/shared/order-states.ts';

export interface StoreOperator {
  userId: number;
  storeId: number;
}

const SHELF_ROWS = 20;

const shelfColumns = sql`p.id AS "productId", p.barcode, p.description, p.brand, sp.price_cents, sp.available,
  (SELECT max(ch.changed_at) FROM store_availability_changes ch WHERE ch.store_id = sp.store_id AND ch.product_id = p.id) AS "changedAt"`;

type ShelfRow = Omit<ShelfProduct, 'price' | 'changedAt'> & { price_cents: number; changedAt: Date | string | null };

const shelfProduct = (r: ShelfRow): ShelfProduct => ({
  productId: Number(r.productId),
  barcode: r.barcode,
  description: r.description,
  brand: r.brand,
  price: toEuro(r.price_cents),
  available: r.available,
  changedAt: r.changedAt === null ? null : new Date(r.changedAt).toISOString(),
});

/** The store's products matching a name (every word) or a barcode (whole, or its first digits). */
export async function findOnShelf(db: Db, storeId: number, query: string): Promise<ShelfProduct[]> {
  const q = query.trim().toLowerCase();
  const byBarcode = /^[0-9]{4,13}$/.test(q);
  const words = q.split(/\s+/).filter(Boolean);
  const match = byBarcode
    ? sql`p.barcode LIKE ${`${q}%`}`
    : sql.join(
        words.map(
          (w) => sql`lower(p.description || ' ' || coalesce(p.brand, '')) LIKE ${`%${w.replace(/[%_\\]/g, '\\$&')}%`}`,
        ),
        sql` AND `,
      );
  const result = await sql<ShelfRow>`SELECT ${shelfColumns}
    FROM store_products sp JOIN products p ON p.id = sp.product_id
    WHERE sp.store_id = ${storeId} AND ${match}
    ORDER BY p.description LIMIT ${SHELF_ROWS}`.execute(db);
  return result.rows.map(shelfProduct);
}

/**
 * The store marks a product it sells unavailable, or available again. Shoppers see it on
 * their next answer (a new catalogue version: what the server keeps of the catalogue is
 * keyed by it), the static pages at the next rebuild, and a cart holding it gets 4105 at
 * booking. The next ERP feed naming the product sets its availability again.
 */
export async function setShelfAvailability(
  db: Db,
  operator: StoreOperator,
  productId: number,
  available: boolean,
): Promise<ShelfProduct> {
  const row = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('store_products')
      .set({ available })
      .where('store_id', '=', operator.storeId)
      .where('product_id', '=', productId)
      .returning('available')
      .executeTakeFirst();
    // A product the store does not sell is not its to change.
    if (!changed) throw new NotYours();
    await trx
      .insertInto('store_availability_changes')
      .values({ store_id: operator.storeId, product_id: productId, available, changed_by: operator.userId })
      .execute();
    const previous = await trx
      .selectFrom('catalogue_meta')
      .select('value')
      .where('key', '=', 'version')
      .executeTakeFirst();
    const version = createHash('sha256')
      .update(`${previous?.value ?? ''}\n${operator.storeId}/${productId}/${available}/${Date.now()}`)
      .digest('hex')
      .slice(0, 16);
    await sql`INSERT INTO catalogue_meta (key, value) VALUES ('version', ${version})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(trx);
    return (
      await sql<ShelfRow>`SELECT ${shelfColumns} FROM store_products sp JOIN products p ON p.id = sp.product_id
        WHERE sp.store_id = ${operator.storeId} AND sp.product_id = ${productId}`.execute(trx)
    ).rows[0]!;
  });
  forgetCatalogueVersion(db);
  return shelfProduct(row);
}

/** The orders a pick list holds: booked, not stopped, not handed over yet. */
const TO_PICK: OrderStatus[] = ['TO_BE_PREPARED', 'PAYMENT_PENDING', 'IN_PREPARATION'];
const NO_DEPARTMENT = 'Altro';

/** The slot's orders, their rows grouped by department (the first level of the catalogue), for picking by hand. */
export async function pickListOf(db: Db, storeId: number, slotId: number): Promise<PickList> {
  const slot = await db
    .selectFrom('slots as s')
    .innerJoin('slot_templates as t', 't.id', 's.template_id')
    .innerJoin('stores as st', 'st.id', 't.store_id')
    .select(['s.id', 's.valid_from', 's.valid_to', 't.store_id', 't.delivery_mode', 'st.name'])
    .where('s.id', '=', slotId)
    .executeTakeFirst();
  // Another store's slot and one that does not exist get the same answer.
  if (!slot || slot.store_id !== storeId) throw new NotYours();
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'first_name',
      'last_name',
      'profile_mobile_phone',
      'delivery_mode',
      'status',
      'payment_mode',
      'notes',
    ])
    .where('slot_id', '=', slotId)
    .where('store_id', '=', storeId)
    .where('status', 'in', TO_PICK)
    .orderBy('id')
    .execute();
  const rows = orders.length
    ? await sql<{
        id: number;
        order_id: number;
        barcode: string;
        description: string;
        um: string;
        amount: string | null;
        weight: string | null;
        confirmation: 'AVAILABLE' | 'UNAVAILABLE' | 'SUBSTITUTED' | null;
        replacement: 'SIMILAR' | 'NONE' | 'PRODUCT';
        replacement_description: string | null;
        replacement_barcode: string | null;
        department: string | null;
        position: number | null;
      }>`SELECT r.id, r.order_id, r.barcode, r.description, r.um, r.amount, r.weight, r.confirmation, r.replacement,
          r.replacement_description, r.replacement_barcode, c.description AS department, c.position
        FROM order_rows r
        LEFT JOIN products p ON p.id = r.product_id
        LEFT JOIN categories c ON c.id = substr(p.category_id, 1, 2)
        WHERE r.order_id IN (SELECT value::bigint FROM jsonb_array_elements_text(${JSON.stringify(orders.map((o) => o.id))}::jsonb))
        ORDER BY c.position NULLS LAST, c.description, r.description, r.id`.execute(db)
    : { rows: [] };
  const pick = rows.rows.map((r) => ({
    orderId: Number(r.order_id),
    department: r.department ?? NO_DEPARTMENT,
    row: {
      id: Number(r.id),
      barcode: r.barcode,
      description: r.description,
      um: r.um,
      quantity: Number(r.um === 'KG' ? (r.weight ?? r.amount ?? 0) : (r.amount ?? r.weight ?? 0)),
      confirmation: r.confirmation,
      substitute: {
        kind: r.replacement,
        description: r.replacement === 'PRODUCT' ? r.replacement_description : null,
        barcode: r.replacement === 'PRODUCT' ? r.replacement_barcode : null,
      },
    },
  }));
  const totals = new Map<string, PickList['totals'][number]>();
  for (const p of pick) {
    if (p.row.confirmation === 'UNAVAILABLE') continue;
    const t = totals.get(p.row.barcode);
    if (t) t.quantity = Math.round((t.quantity + p.row.quantity) * 1000) / 1000;
    else
      totals.set(p.row.barcode, {
        department: p.department,
        barcode: p.row.barcode,
        description: p.row.description,
        um: p.row.um,
        quantity: p.row.quantity,
      });
  }
  return {
    slotId: slot.id,
    storeName: slot.name,
    deliveryMode: slot.delivery_mode,
    validFrom: new Date(slot.valid_from).toISOString(),
    validTo: new Date(slot.valid_to).toISOString(),
    orders: orders.map((o) => {
      const departments: PickList['orders'][number]['departments'] = [];
      for (const p of pick.filter((x) => x.orderId === o.id)) {
        const last = departments.at(-1);
        if (last?.name === p.department) last.rows.push(p.row);
        else departments.push({ name: p.department, rows: [p.row] });
      }
      return {
        id: o.id,
        number: o.number,
        customer: `${o.first_name} ${o.last_name}`,
        phone: o.profile_mobile_phone,
        deliveryMode: o.delivery_mode,
        status: o.status,
        paymentMode: o.payment_mode,
        notes: o.notes,
        departments,
      };
    }),
    totals: [...totals.values()],
  };
}

/** An order waiting for the store: its availability to confirm, or its picking. */
const FOR_STORE: OrderStatus[] = ['TO_BE_PREPARED', 'IN_PREPARATION'];
/** An order waiting for the shopper: a confirmed order to pay or accept. */
const FOR_SHOPPER: OrderStatus[] = ['PAYMENT_PENDING'];
const SOON_MS = 60 * 60_000;

/** Today's slots of the store (Rome's day), each with its orders by status, who they wait for, and what expires within the hour. */
export async function storeDayOf(db: Db, storeId: number, now = new Date()): Promise<StoreDay> {
  const day = romeToday(now);
  const slots = await db
    .selectFrom('slots as s')
    .innerJoin('slot_templates as t', 't.id', 's.template_id')
    .select(['s.id', 's.valid_from', 's.valid_to', 's.capacity', 's.booked', 't.delivery_mode'])
    .where('t.store_id', '=', storeId)
    .where('s.day', '=', day)
    .orderBy('s.valid_from')
    .orderBy('t.delivery_mode')
    .execute();
  const orders = slots.length
    ? await db
        .selectFrom('orders')
        .select(['id', 'number', 'status', 'slot_id', 'expires_at'])
        .where('store_id', '=', storeId)
        .where(
          'slot_id',
          'in',
          slots.map((s) => s.id),
        )
        .execute()
    : [];
  return {
    day,
    slots: slots.map((s) => {
      const mine = orders.filter((o) => o.slot_id === s.id);
      const byStatus: Record<string, number> = {};
      for (const o of mine) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
      return {
        slotId: s.id,
        deliveryMode: s.delivery_mode,
        validFrom: new Date(s.valid_from).toISOString(),
        validTo: new Date(s.valid_to).toISOString(),
        capacity: s.capacity,
        booked: s.booked,
        byStatus,
        waitingForStore: mine.filter((o) => FOR_STORE.includes(o.status)).length,
        waitingForShopper: mine.filter((o) => FOR_SHOPPER.includes(o.status)).length,
        expiringSoon: mine
          .filter(
            (o) =>
              WAITING_STATUSES.includes(o.status) &&
              o.expires_at !== null &&
              new Date(o.expires_at).getTime() - now.getTime() <= SOON_MS,
          )
          .map((o) => ({
            id: o.id,
            number: o.number,
            status: o.status,
            expiresAt: new Date(o.expires_at!).toISOString(),
          })),
      };
    }),
  };
}
