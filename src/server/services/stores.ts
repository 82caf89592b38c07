// Store reads of docs/product.md §7: the searchable, paged store list (by name, or by
// distance from the caller), the states, the stores offering a delivery mode
// and one store with its hours, exceptions, services and departments. A
// store's modes are those it can take payment for under the flags
// (docs/decisions/005): with card payments off, shipping is not listed.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Flags } from '#src/shared/flags.ts';
import { payable } from './payable-modes.ts';
import { toPage, type Paged } from '#src/shared/contract/envelope.ts';
import {
  STORE_NOT_FOUND,
  type DeliveryMode,
  type DeliveryStoresQuery,
  type State,
  type Store,
  type StoreQuery,
} from '#src/shared/contract/stores.ts';
import { normaliseSearch } from '#src/shared/search-text.ts';
import { romeToday } from '#src/shared/time.ts';
import { BusinessError } from './outcomes.ts';

// Accent- and case-free text the search matches against, as normaliseSearch()
// writes the query ('Taranto', 'TARANTO' and 'tàranto' find the same store).
const searchable = sql<string>`translate(lower(s.name || ' ' || s.town || ' ' || s.address || ' ' || s.zip),
  'àáâäãèéêëìíîïòóôöõùúûüç''', 'aaaaaeeeeiiiiooooouuuuc ')`;

/** Great-circle distance in km (haversine) from a point to each store. */
const distanceFrom = (lat: number, lon: number) => sql<number>`2 * 6371 * asin(sqrt(
  power(sin(radians(s.latitude - ${lat}) / 2), 2)
  + cos(radians(${lat})) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - ${lon}) / 2), 2)))`;

/** The distance from the caller's position when one is given (lat and lon), else none: then stores go by name. */
const nearTo = (query: { lat?: number | undefined; lon?: number | undefined }) =>
  query.lat !== undefined && query.lon !== undefined ? distanceFrom(query.lat, query.lon) : null;
const distanceColumn = (near: ReturnType<typeof nearTo>) =>
  near ? near.as('distance') : sql<number | null>`null::double precision`.as('distance');

const likeEscape = (word: string) => word.replace(/[\\%_]/g, (m) => `\\${m}`);

function storeSelect(db: Db) {
  return db
    .selectFrom('stores as s')
    .innerJoin('states as st', 'st.id', 's.state_id')
    .select([
      's.id',
      's.name',
      's.address',
      's.town',
      's.zip',
      's.county',
      's.latitude',
      's.longitude',
      's.phone',
      's.email',
      's.web_url',
      's.logo_image_url',
    ])
    .select('st.description as state');
}

export async function listStores(db: Db, query: StoreQuery, flags: Flags): Promise<Paged<Store>> {
  let select = storeSelect(db);
  for (const word of normaliseSearch(query.q ?? '')
    .split(' ')
    .filter((w) => w.length > 0)) {
    select = select.where(sql<SqlBool>`${searchable} like ${`%${likeEscape(word)}%`}`);
  }
  const near = nearTo(query);
  const rows = await select
    .select(distanceColumn(near))
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .$if(near !== null, (q) => q.orderBy(near!))
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .limit(query.s)
    .offset(query.p * query.s)
    .execute();
  // A page past the end has no row to carry the window count: count apart.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : query.p === 0
        ? 0
        : Number((await select.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return toPage(await withDetails(db, rows, flags), total, query.p, query.s);
}

export async function storeStates(db: Db): Promise<State[]> {
  return db.selectFrom('states').select(['id', 'description']).orderBy('description').execute();
}

/** Stores offering a delivery mode, optionally in one state (by id or name), by name or, with a position, by distance. */
export async function deliveryStores(db: Db, query: DeliveryStoresQuery, flags: Flags): Promise<Store[]> {
  let select = storeSelect(db).where((eb) =>
    eb.exists(
      eb
        .selectFrom('store_delivery_modes as m')
        .select('m.store_id')
        .whereRef('m.store_id', '=', 's.id')
        .where('m.delivery_mode', '=', query.delivery)
        .where(payable(flags, 'm.store_id', 'm.delivery_mode')),
    ),
  );
  if (query.state) {
    const state = query.state.toLowerCase();
    select = select.where((eb) =>
      eb.or([eb(eb.fn('lower', ['st.id']), '=', state), eb(eb.fn('lower', ['st.description']), '=', state)]),
    );
  }
  const near = nearTo(query);
  const rows = await select
    .select(distanceColumn(near))
    .$if(near !== null, (q) => q.orderBy(near!))
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .execute();
  return withDetails(db, rows, flags);
}

export async function storeById(db: Db, id: number, flags: Flags): Promise<Store> {
  const row = await storeSelect(db)
    .select(sql<number | null>`null::double precision`.as('distance'))
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(STORE_NOT_FOUND.code, STORE_NOT_FOUND.message);
  const [one] = await withDetails(db, [row], flags);
  return one!;
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof storeSelect>['execute']>>[number] & { distance: number | null };

const inStores = (ids: number[]): Expression<SqlBool> => sql<SqlBool>`store_id in (${sql.join(ids)})`;

/** Hours, upcoming exceptions, services, departments and payable modes of the given stores, in a few queries. */
async function withDetails(db: Db, rows: StoreRow[], flags: Flags): Promise<Store[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const today = romeToday();
  const [timetables, openings, services, departments, modes] = await Promise.all([
    db
      .selectFrom('store_timetables')
      .where(inStores(ids))
      .select([
        'store_id',
        'week_day',
        sql<string>`to_char(opens, 'HH24:MI')`.as('opens'),
        sql<string>`to_char(closes, 'HH24:MI')`.as('closes'),
      ])
      .orderBy('week_day')
      .orderBy('opens')
      .execute(),
    db
      .selectFrom('store_openings')
      .where(inStores(ids))
      .where('day', '>=', today)
      .select([
        'store_id',
        'note',
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        sql<string | null>`to_char(opens, 'HH24:MI')`.as('opens'),
        sql<string | null>`to_char(closes, 'HH24:MI')`.as('closes'),
      ])
      .orderBy('day')
      .execute(),
    db.selectFrom('store_services').where(inStores(ids)).select(['store_id', 'service']).orderBy('service').execute(),
    db
      .selectFrom('store_departments')
      .where(inStores(ids))
      .select(['store_id', 'name', 'phone', 'email', 'hours'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('store_delivery_modes')
      .where(inStores(ids))
      .where(payable(flags, 'store_delivery_modes.store_id', 'store_delivery_modes.delivery_mode'))
      .select(['store_id', 'delivery_mode'])
      .execute(),
  ]);
  const of = <T extends { store_id: number }>(list: T[], id: number) => list.filter((x) => x.store_id === id);
  const modeOrder: DeliveryMode[] = ['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED'];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: {
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      town: r.town,
      zip: r.zip,
      county: r.county,
      state: r.state,
    },
    phone: r.phone,
    email: r.email,
    webUrl: r.web_url,
    logoImageUrl: r.logo_image_url,
    distance: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    timetables: of(timetables, r.id).map((t) => ({ weekDay: t.week_day, opens: t.opens, closes: t.closes })),
    openings: of(openings, r.id).map((o) => ({ day: o.day, opens: o.opens, closes: o.closes, note: o.note })),
    services: of(services, r.id).map((s) => s.service),
    departments: of(departments, r.id).map((d) => ({ name: d.name, phone: d.phone, email: d.email, hours: d.hours })),
    deliveryModes: modeOrder.filter((m) => of(modes, r.id).some((x) => x.delivery_mode === m)),
  }));
}
