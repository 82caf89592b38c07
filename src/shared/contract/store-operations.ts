// The ERP's feeds over HTTP (POST /cli/admin/feeds, docs/catalogue-feed.md "Over HTTP") and
// the store's own day (docs/product.md, Store staff): a product's availability in the store,
// the pick list of a slot, the day's slots with their orders.
import { z } from '#src/shared/zod.ts';
import { orderStatus } from './checkout.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

const sectionCount = z.object({ received: z.number().int(), accepted: z.number().int(), rejected: z.number().int() });

/** The report of a feed, as `npm run catalogue:import` prints it, with the feed's id. */
export const feedReport = z.object({
  feedId: z.string(),
  kind: z.enum(['FULL', 'DELTA']),
  imported: z.boolean(),
  version: z.string().nullable(),
  counts: z.record(z.string(), sectionCount),
  rejected: z.array(z.object({ section: z.string(), index: z.number().int(), key: z.string(), reason: z.string() })),
  incomplete: z.array(z.object({ index: z.number().int(), barcode: z.string(), missing: z.array(z.string()) })),
  withdrawn: z.number().int(),
  durationMs: z.number().int(),
  message: z.string(),
  /** When the shop first received the feed (this answer's time for a feed refused). */
  receivedAt: z.string(),
  /** The same feed id was applied before: nothing was written, this is that first report. */
  repeated: z.boolean(),
});
export type FeedReport = z.infer<typeof feedReport>;

/** A product as the store's availability section finds it. */
export const shelfProduct = z.object({
  productId: z.number().int(),
  barcode: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  price: z.number(),
  available: z.boolean(),
  /** The store's last change of it, if any: when, and whether by the store (true) or the ERP's feed since. */
  changedAt: z.string().nullable(),
});
export type ShelfProduct = z.infer<typeof shelfProduct>;

export const shelfQuery = z.object({
  q: z.string().trim().min(2, 'Scrivi almeno 2 caratteri o un codice a barre.').max(80),
});
export const availabilityRequest = z.object({ available: z.boolean() });

/** What the shopper chose for a row the store cannot give. */
const substituteChoice = z.object({
  kind: z.enum(['SIMILAR', 'NONE', 'PRODUCT']),
  /** The product the shopper named (kind PRODUCT). */
  description: z.string().nullable(),
  barcode: z.string().nullable(),
});

const pickRow = z.object({
  id: z.number().int(),
  barcode: z.string(),
  description: z.string(),
  um: z.string(),
  /** Pieces (PZ) or kg (KG) ordered. */
  quantity: z.number(),
  confirmation: z.enum(['AVAILABLE', 'UNAVAILABLE', 'SUBSTITUTED']).nullable(),
  substitute: substituteChoice,
});
const pickDepartment = z.object({ name: z.string(), rows: z.array(pickRow) });
const pickOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  phone: z.string(),
  deliveryMode: z.string(),
  status: orderStatus,
  paymentMode: z.string(),
  notes: z.string().nullable(),
  departments: z.array(pickDepartment),
});
export const pickList = z.object({
  slotId: z.number().int(),
  storeName: z.string(),
  deliveryMode: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  orders: z.array(pickOrder),
  /** The whole slot's quantities per product, for picking once for every order. */
  totals: z.array(
    z.object({
      department: z.string(),
      barcode: z.string(),
      description: z.string(),
      um: z.string(),
      quantity: z.number(),
    }),
  ),
});
export type PickList = z.infer<typeof pickList>;

const storeDaySlot = z.object({
  slotId: z.number().int(),
  deliveryMode: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  /** How many of its orders are in each status (only the statuses it has). */
  byStatus: z.record(z.string(), z.number().int()),
  /** Orders the store must act on: confirm availability, or prepare. */
  waitingForStore: z.number().int(),
  /** Orders waiting for the shopper: pay or accept the confirmed order. */
  waitingForShopper: z.number().int(),
  /** Orders whose deadline falls within the next hour (they expire then unless someone acts). */
  expiringSoon: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: orderStatus, expiresAt: z.string() }),
  ),
});
export const storeDay = z.object({ day: z.string(), slots: z.array(storeDaySlot) });
export type StoreDay = z.infer<typeof storeDay>;
