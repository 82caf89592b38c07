// Store shapes of docs/product.md §3 and the Stores calls of docs/product.md §7, shared by the API
// (which validates what it answers) and the build (which validates what it
// receives).
import { z } from '#src/shared/zod.ts';
import { STORES_PAGE_SIZE, STORES_MAX_PAGE_SIZE } from './constants.ts';
export { STORES_PAGE_SIZE } from './constants.ts';
import { pageParam, paged } from './envelope.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

/** Not in the catalogue of docs/product.md §8 (codes not listed there use the server's errorMessage): ours. */
export const STORE_NOT_FOUND = { code: 4040, message: 'Punto vendita non trovato.' } as const;

const deliveryMode = z.enum(['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED']);
export type DeliveryMode = z.infer<typeof deliveryMode>;

const hhmm = z.string().regex(/^[0-2][0-9]:[0-5][0-9]$/);

const storeAddress = z.object({
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  town: z.string(),
  zip: z.string(),
  county: z.string(),
  state: z.string(),
});

/** weekDay 1 = Sunday … 7 = Saturday (docs/product.md §3); a day may have two rows (lunch break). */
const timetable = z.object({ weekDay: z.number().int().min(1).max(7), opens: hhmm, closes: hhmm });
export type Timetable = z.infer<typeof timetable>;

/** An exception to the weekly hours on one day; opens/closes null = closed that day. */
const opening = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  opens: hhmm.nullable(),
  closes: hhmm.nullable(),
  note: z.string().nullable(),
});
export type Opening = z.infer<typeof opening>;

const department = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  hours: z.string().nullable(),
});

export const store = z.object({
  id: z.number().int(),
  name: z.string(),
  address: storeAddress,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  webUrl: z.string().nullable(),
  logoImageUrl: z.string().nullable(),
  /** km from the caller's position, 1 decimal; null when no position was given. */
  distance: z.number().nullable(),
  timetables: z.array(timetable),
  openings: z.array(opening),
  services: z.array(z.string()),
  departments: z.array(department),
  deliveryModes: z.array(deliveryMode),
});
export type Store = z.infer<typeof store>;

export const storePage = paged(store);
export const storeList = z.array(store);

const state = z.object({ id: z.string(), description: z.string() });
export type State = z.infer<typeof state>;
export const stateList = z.array(state);

// A decimal number as written in a query string ('' or 'abc' is refused, not read as 0).
const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'coordinata non valida')
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
const latitude = coordinate(90);
const longitude = coordinate(180);

/** GET /cli/stores/ecommerce?s&p&q, optional lat and lon (both or neither) for distance sorting. */
export const storeQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    p: pageParam,
    s: z.coerce.number().int().min(1).max(STORES_MAX_PAGE_SIZE).default(STORES_PAGE_SIZE),
    lat: latitude.optional(),
    lon: longitude.optional(),
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), {
    message: 'lat e lon vanno indicate insieme',
    path: ['lat'],
  });
export type StoreQuery = z.infer<typeof storeQuery>;

/** GET /cli/stores/ecommerce/delivery?delivery&state, optional lat and lon (both or neither) for distance sorting. */
export const deliveryStoresQuery = z
  .object({
    delivery: deliveryMode,
    state: z.string().trim().min(1).max(40).optional(),
    lat: latitude.optional(),
    lon: longitude.optional(),
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lon === undefined), {
    message: 'lat e lon vanno indicate insieme',
    path: ['lat'],
  });
export type DeliveryStoresQuery = z.infer<typeof deliveryStoresQuery>;

/**
 * GET /cli/stores/facts: what the FAQ and the terms state about the service
 * (docs/product.md §1, §9), from the stores' own data, so the static pages say what the
 * imported stores do: the stores to collect from, the towns delivered to,
 * the usual minimum order and bag price, and the highest delivery fee.
 */
export const serviceFacts = z.object({
  pickupStores: z.number().int().min(0),
  deliveryTowns: z.array(z.string()),
  minNetTotal: z.number().min(0),
  maxDeliveryFee: z.number().min(0),
  bagFee: z.number().min(0),
});
export type ServiceFacts = z.infer<typeof serviceFacts>;
