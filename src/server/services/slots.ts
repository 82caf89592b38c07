// Delivery and pickup slots (docs/architecture.md §4): per store and mode, Monday to
// Saturday without public holidays, made on demand from the store's slot
// templates; a slot is available while it has capacity and its cut-off
// (minutes before the start) has not passed.
import { type RawBuilder, sql } from 'kysely';
import { DEFAULT_STORE_ID } from '#src/shared/contract/catalogue.ts';
import { SLOT_DAYS, type Slot } from '#src/shared/contract/checkout.ts';
import { addDays, isServiceDay, weekDayOf } from '#src/shared/calendar.ts';
import { romeToday } from '#src/shared/time.ts';
import type { AccountCheck } from '../auth/session-token.ts';
import type { Db } from '../db/client.ts';
import { LoginRequired } from './outcomes.ts';
import { ownedCart, ownedCartOf } from './cart.ts';

type CartKey = { store_id: number; delivery_mode: string };

type SlotRow = {
  id: number;
  day: string;
  /** Seconds since 1970 (date_part('epoch', …)): a number as both engines send it, with no date text to read. */
  valid_from: number;
  valid_to: number;
  capacity: number;
  booked: number;
  cutoff_minutes: number;
  expected: number;
};

/** A value, or the SQL that reads it (the cart's store and mode read in the same statement). */
type Valued<T> = T | RawBuilder<T>;

/** Each of `days` with the store's templates for its weekday (week_day 2 = Monday … 7 = Saturday), as d and t. */
const templatesOn = (cart: { store_id: Valued<number>; delivery_mode: Valued<string> }, days: string[]) =>
  sql`FROM unnest(${days}::date[]) AS d(day)
      JOIN slot_templates t ON t.week_day = extract(isodow FROM d.day)::int % 7 + 1
      WHERE t.store_id = ${cart.store_id} AND t.delivery_mode = ${cart.delivery_mode}`;

/** A slot's start and end in seconds: on PostgreSQL, reading two timestamps' text per row was a twentieth of a slot listing's server thread. */
const EPOCHS = (slot: 's' | 'm') =>
  sql.raw(`date_part('epoch', ${slot}.valid_from) AS valid_from, date_part('epoch', ${slot}.valid_to) AS valid_to`);

/** The slot rows already made of `wanted` (a CTE of template_id, day, cutoff_minutes), with how many it makes. */
const madeOfWanted = sql`SELECT s.id, s.day::text AS day, ${EPOCHS('s')}, s.capacity, s.booked, w.cutoff_minutes,
      (SELECT count(*) FROM wanted)::int AS expected
      FROM wanted w JOIN slots s ON s.template_id = w.template_id AND s.day = w.day`;

/**
 * The slots of the cart's store and mode on `days`, in one statement: the
 * store's templates for each day's weekday (week_day 2 = Monday … 7 =
 * Saturday), the slot rows already made, and the missing ones made on the
 * spot (slots are made on demand, so a template added by an import shows up
 * on the next listing). Days that are not service days are never asked for.
 */
async function slotRows(db: Db, cart: CartKey, days: string[]): Promise<SlotRow[]> {
  const result = await sql<SlotRow>`WITH wanted AS (
      SELECT t.id AS template_id, d.day, t.capacity, t.cutoff_minutes,
        (d.day + t.starts_at) AT TIME ZONE 'Europe/Rome' AS valid_from, (d.day + t.ends_at) AT TIME ZONE 'Europe/Rome' AS valid_to
      ${templatesOn(cart, days)}),
    made AS (
      INSERT INTO slots (template_id, day, capacity, valid_from, valid_to)
      SELECT w.template_id, w.day, w.capacity, w.valid_from, w.valid_to FROM wanted w
      WHERE NOT EXISTS (SELECT 1 FROM slots s WHERE s.template_id = w.template_id AND s.day = w.day)
      ON CONFLICT (template_id, day) DO NOTHING
      RETURNING id, template_id, day, valid_from, valid_to, capacity, booked)
    SELECT s.id, s.day::text AS day, ${EPOCHS('s')}, s.capacity, s.booked, w.cutoff_minutes, (SELECT count(*) FROM wanted)::int AS expected
      FROM wanted w JOIN slots s ON s.template_id = w.template_id AND s.day = w.day
    UNION ALL
    SELECT m.id, m.day::text, ${EPOCHS('m')}, m.capacity, m.booked, w.cutoff_minutes, (SELECT count(*) FROM wanted)::int
      FROM made m JOIN wanted w ON w.template_id = m.template_id AND w.day = m.day
    ORDER BY valid_from`.execute(db);
  return result.rows;
}

/**
 * The slot rows of `days` already made, and how many the store's templates
 * make for those days. Once a day's slots are made (by its first listing),
 * every later listing finds them all here: a read, without the timestamps
 * worked out and the missing rows looked for as slotRows does.
 */
async function madeSlotRows(db: Db, cart: CartKey, days: string[]): Promise<SlotRow[]> {
  const result = await sql<SlotRow>`WITH wanted AS (
      SELECT t.id AS template_id, d.day, t.cutoff_minutes
      ${templatesOn(cart, days)})
    ${madeOfWanted}
    ORDER BY s.valid_from`.execute(db);
  return result.rows;
}

/** The slot rows of `days` (service days only), made first where missing. */
async function slotRowsOn(db: Db, cart: CartKey, days: string[]): Promise<SlotRow[]> {
  const service = days.filter(isServiceDay);
  if (service.length === 0) return [];
  return completed(db, cart, service, await madeSlotRows(db, cart, service));
}

/** The rows read of the service days `days`, or, when some are not made yet, all of them made first. */
async function completed(db: Db, cart: CartKey, days: string[], made: SlotRow[]): Promise<SlotRow[]> {
  let rows = made;
  // Some (or all) of the days' slots are not made yet: they are made now (a day with no templates has none to make).
  if (rows.length === 0 || rows.length < rows[0]!.expected) rows = await slotRows(db, cart, days);
  // Another request made some of the rows in the same instant: they are committed now.
  if (rows.length > 0 && rows.length < rows[0]!.expected) rows = await slotRows(db, cart, days);
  return rows;
}

/** The cart's row as ownedCartOf checks it. */
type SlotsCart = CartKey & { user_id: number; status: string };
type CartSlotRow = Nullable<SlotRow> & Nullable<SlotsCart> & { stands: boolean };
type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * The customer's account check (AccountCheck.stands), a cart's row (`k`, a
 * SELECT of user_id, status, store_id and delivery_mode: at most one row) and
 * the slot rows of the service days `service` already made for the store and
 * mode `keyOf` reads from it, in one statement (madeSlotRows' with the
 * cart's row). The first row is the account check's, with the cart's when
 * there is one; a 401 when the account no longer stands, before anything of
 * the cart's is looked at or made.
 */
async function slotRowsWithCart(
  db: Db,
  customer: AccountCheck,
  k: RawBuilder<unknown>,
  keyOf: { store_id: RawBuilder<number>; delivery_mode: RawBuilder<string> },
  service: string[],
): Promise<{ first: CartSlotRow; made: SlotRow[] }> {
  const { rows } = await sql<CartSlotRow>`WITH k AS (${k}),
    wanted AS (SELECT t.id AS template_id, d.day, t.cutoff_minutes ${templatesOn(keyOf, service)})
    SELECT ${customer.stands} AS stands, k.user_id, k.status, k.store_id, k.delivery_mode, m.*
    FROM (VALUES (1)) AS one (n) LEFT JOIN k ON true LEFT JOIN LATERAL (${madeOfWanted}) m ON true
    ORDER BY m.valid_from`.execute(db);
  const first = rows[0];
  if (!first?.stands) throw new LoginRequired();
  return { first, made: rows.filter((r): r is CartSlotRow & SlotRow => r.id !== null) };
}

/**
 * The customer's cart (ownedCart's rules) and the slot rows of `days` for its
 * store and mode, made first where missing: the account check, the cart and
 * the rows already made are read in one statement (slotRowsWithCart).
 * Nothing is made, and no error of the cart's is answered, for an account
 * that no longer stands.
 */
async function ownedCartSlotRows(
  db: Db,
  customer: AccountCheck,
  cartId: number,
  days: string[],
): Promise<{ cart: CartKey; rows: SlotRow[] }> {
  const { userId } = customer;
  const service = days.filter(isServiceDay);
  if (service.length === 0) {
    await customer.check();
    return { cart: await ownedCart(db, userId, cartId), rows: [] };
  }
  const { first, made } = await slotRowsWithCart(
    db,
    customer,
    sql`SELECT user_id, status, store_id, delivery_mode FROM carts WHERE id = ${cartId}`,
    { store_id: sql<number>`(SELECT store_id FROM k)`, delivery_mode: sql<string>`(SELECT delivery_mode FROM k)` },
    service,
  );
  const cart = ownedCartOf(first.user_id === null ? undefined : (first as SlotsCart), userId);
  return { cart, rows: await completed(db, cart, service, made) };
}

/** A slot takes a booking while it has room and its cut-off (minutes before it starts) has not passed. */
const isOpen = (r: SlotRow, now: Date) =>
  r.booked < r.capacity && now.getTime() < r.valid_from * 1000 - r.cutoff_minutes * 60_000;

/** A slot row as answered, with the day it belongs to. */
const slotOf = (r: SlotRow, now: Date): Slot & { day: string } => ({
  id: Number(r.id),
  day: r.day,
  weekDay: weekDayOf(r.day),
  validFrom: new Date(r.valid_from * 1000).toISOString(),
  validTo: new Date(r.valid_to * 1000).toISOString(),
  available: isOpen(r, now),
});

const withoutDay = ({ day: _day, ...slot }: Slot & { day: string }): Slot => slot;

/** The strip's days from today in Rome, worked out once a day (the calendar's rules are pure). */
let strip = { today: '', days: [] as string[] };
function slotDaysFrom(now: Date): string[] {
  const today = romeToday(now);
  if (strip.today !== today) strip = { today, days: Array.from({ length: SLOT_DAYS }, (_, i) => addDays(today, i)) };
  return strip.days;
}

export async function slotDays(db: Db, customer: AccountCheck, cartId: number, now = new Date()) {
  const days = slotDaysFrom(now);
  // Only whether a day has an open slot: no slot is written out.
  const { rows } = await ownedCartSlotRows(db, customer, cartId, days);
  const open = new Set(rows.filter((r) => isOpen(r, now)).map((r) => r.day));
  return days.map((day) => ({ day, weekDay: weekDayOf(day), validFrom: day, available: open.has(day) }));
}

/** The slots of one day of the strip, by date or by weekday (the next such day). */
export async function slotsOfDay(
  db: Db,
  customer: AccountCheck,
  cartId: number,
  query: { day?: string | undefined; weekDay?: number | undefined },
  now = new Date(),
): Promise<Slot[]> {
  const days = slotDaysFrom(now);
  const day = query.day ?? days.find((d) => weekDayOf(d) === query.weekDay);
  // A day outside the strip has no slots, for the cart's customer only.
  const { rows } = await ownedCartSlotRows(db, customer, cartId, day && days.includes(day) ? [day] : []);
  return rows.map((r) => slotOf(r, now)).map(withoutDay);
}

/** The store and mode of a visitor's header (docs/product.md §2 Header, §9 default store), and of a customer without a cart. */
const DEFAULT_CART: CartKey = { store_id: DEFAULT_STORE_ID, delivery_mode: 'IN_STORE' };

/**
 * The first free slot of the customer's current cart (of the default store
 * when they have none), or of the default store for a visitor (null). A
 * customer's account check, current cart and the slots already made are
 * read in one statement (slotRowsWithCart).
 */
export async function firstAvailableSlot(db: Db, customer: AccountCheck | null, now = new Date()) {
  const service = slotDaysFrom(now).filter(isServiceDay);
  let rows: SlotRow[];
  if (customer === null) {
    rows = await slotRowsOn(db, DEFAULT_CART, service);
  } else if (service.length === 0) {
    await customer.check();
    rows = [];
  } else {
    const { first, made } = await slotRowsWithCart(
      db,
      customer,
      sql`SELECT user_id, status, store_id, delivery_mode FROM carts
        WHERE user_id = ${customer.userId} AND status = 'OPEN' AND is_current LIMIT 1`,
      {
        store_id: sql<number>`coalesce((SELECT store_id FROM k), ${DEFAULT_CART.store_id})`,
        delivery_mode: sql<string>`coalesce((SELECT delivery_mode FROM k), ${DEFAULT_CART.delivery_mode})`,
      },
      service,
    );
    const cart = first.store_id === null ? DEFAULT_CART : (first as SlotsCart);
    rows = await completed(db, cart, service, made);
  }
  const slot = rows.map((r) => slotOf(r, now)).find((s) => s.available);
  return slot ? { weekDay: slot.weekDay, validFrom: slot.validFrom, validTo: slot.validTo } : null;
}

/** Takes one place in the slot if it has one: atomic on PGlite and on a pooled server. */
export async function takeSlotPlace(db: Db, slotId: number): Promise<boolean> {
  const taken = await sql<{
    id: number;
  }>`UPDATE slots SET booked = booked + 1 WHERE id = ${slotId} AND booked < capacity RETURNING id`.execute(db);
  return taken.rows.length === 1;
}

export async function releaseSlotPlace(db: Db, slotId: number): Promise<void> {
  await sql`UPDATE slots SET booked = booked - 1 WHERE id = ${slotId} AND booked > 0`.execute(db);
}
