// Delivery and pickup slots (DESIGN.md §4): per store and mode, Monday to
// Saturday without public holidays, made on demand from the store's slot
// templates; a slot is available while it has capacity and its cut-off
// (minutes before the start) has not passed.
import { sql } from 'kysely';
import { SLOT_DAYS, type Slot } from '#src/shared/contract/checkout.ts';
import { addDays, isServiceDay, romeTime, weekDayOf } from '#src/shared/calendar.ts';
import { romeToday } from '#src/shared/time.ts';
import type { Db } from '../db/client.ts';
import { ownedCart } from './cart.ts';

type CartKey = { store_id: number; delivery_mode: string };

/** Creates the slot rows of one day for the cart's store and mode (idempotent). */
async function ensureSlots(db: Db, cart: CartKey, day: string): Promise<void> {
  if (!isServiceDay(day)) return;
  const templates = await db.selectFrom('slot_templates').select(['id', 'starts_at', 'ends_at', 'capacity'])
    .where('store_id', '=', cart.store_id).where('delivery_mode', '=', cart.delivery_mode as never).where('week_day', '=', weekDayOf(day)).execute();
  if (templates.length === 0) return;
  await db.insertInto('slots')
    .values(templates.map((t) => ({
      template_id: t.id, day, capacity: t.capacity,
      valid_from: romeTime(day, String(t.starts_at).slice(0, 5)), valid_to: romeTime(day, String(t.ends_at).slice(0, 5)),
    })))
    .onConflict((oc) => oc.columns(['template_id', 'day']).doNothing())
    .execute();
}

async function daySlots(db: Db, cart: CartKey, day: string, now: Date): Promise<Slot[]> {
  await ensureSlots(db, cart, day);
  const rows = await db.selectFrom('slots as s').innerJoin('slot_templates as t', 't.id', 's.template_id')
    .select(['s.id', 's.valid_from', 's.valid_to', 's.capacity', 's.booked', 't.cutoff_minutes'])
    .where('t.store_id', '=', cart.store_id).where('t.delivery_mode', '=', cart.delivery_mode as never).where('s.day', '=', day)
    .orderBy('s.valid_from').execute();
  return rows.map((r) => {
    const from = new Date(r.valid_from);
    return {
      id: r.id,
      weekDay: weekDayOf(day),
      validFrom: from.toISOString(),
      validTo: new Date(r.valid_to).toISOString(),
      available: r.booked < r.capacity && now.getTime() < from.getTime() - r.cutoff_minutes * 60_000,
    };
  });
}

export const slotDaysFrom = (now: Date) => Array.from({ length: SLOT_DAYS }, (_, i) => addDays(romeToday(now), i));

export async function slotDays(db: Db, userId: number, cartId: number, now = new Date()) {
  const cart = await ownedCart(db, userId, cartId);
  return Promise.all(
    slotDaysFrom(now).map(async (day) => ({
      day,
      weekDay: weekDayOf(day),
      validFrom: day,
      available: (await daySlots(db, cart, day, now)).some((s) => s.available),
    })),
  );
}

/** The slots of one day of the strip, by date or by weekday (the next such day). */
export async function slotsOfDay(db: Db, userId: number, cartId: number, query: { day?: string | undefined; weekDay?: number | undefined }, now = new Date()): Promise<Slot[]> {
  const cart = await ownedCart(db, userId, cartId);
  const days = slotDaysFrom(now);
  const day = query.day ?? days.find((d) => weekDayOf(d) === query.weekDay);
  if (!day || !days.includes(day)) return [];
  return daySlots(db, cart, day, now);
}

export async function firstAvailableSlot(db: Db, userId: number, now = new Date()) {
  const current = await db.selectFrom('carts').select(['store_id', 'delivery_mode']).where('user_id', '=', userId).where('status', '=', 'OPEN').where('is_current', '=', true).executeTakeFirst();
  const cart: CartKey = current ?? { store_id: 1109, delivery_mode: 'IN_STORE' };
  for (const day of slotDaysFrom(now)) {
    const slot = (await daySlots(db, cart, day, now)).find((s) => s.available);
    if (slot) return { weekDay: slot.weekDay, validFrom: slot.validFrom, validTo: slot.validTo };
  }
  return null;
}

/** Takes one place in the slot if it has one: atomic on PGlite and on a pooled server. */
export async function takeSlotPlace(db: Db, slotId: number): Promise<boolean> {
  const taken = await sql<{ id: number }>`UPDATE slots SET booked = booked + 1 WHERE id = ${slotId} AND booked < capacity RETURNING id`.execute(db);
  return taken.rows.length === 1;
}

export async function releaseSlotPlace(db: Db, slotId: number): Promise<void> {
  await sql`UPDATE slots SET booked = booked - 1 WHERE id = ${slotId} AND booked > 0`.execute(db);
}
