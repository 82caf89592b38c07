// Slots, checkout and orders (docs/product.md §3 Slot, Order, Checkout info; §7).
import { z } from '#src/shared/zod.ts';
export { ORDERS_PAGE_SIZE } from './constants.ts';
import { cardPayment } from './payments.ts';
import { cart, cartItem, paymentMode } from './cart.ts';
import { email, mobilePhone } from './profile-rules.ts';
import { paged } from './envelope.ts';
import { DEFAULT_ACCEPT_CHANGES_LIMIT } from './constants.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const SLOT_DAYS = 10; // day strip (docs/product.md §9)

export const slot = z.object({
  id: z.number().int(),
  weekDay: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  available: z.boolean(),
});
export type Slot = z.infer<typeof slot>;
export const slotDay = z.object({
  day: z.string(),
  weekDay: z.number().int(),
  validFrom: z.string(),
  available: z.boolean(),
});
export const firstSlot = z.object({ weekDay: z.number().int(), validFrom: z.string(), validTo: z.string() });

export const slotsQuery = z.object({
  weekDay: z.coerce.number().int().min(1).max(7).optional(),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * What the store's confirmation may do without asking the shopper again (decision 018): rows
 * unavailable or substituted as the shopper chose, when the total changes by at most this many
 * euros (either way). An order confirmed as ordered always goes through.
 */
const shopperChoices = {
  acceptChanges: z.boolean().default(true),
  acceptChangesLimit: z.number().min(0).max(100).multipleOf(0.01).default(DEFAULT_ACCEPT_CHANGES_LIMIT),
};
/** POST /cli/ecommerce/orders/{id}/choices: the shopper changes them while the order waits for the store. */
export const choicesRequest = z.object({
  acceptChanges: z.boolean(),
  acceptChangesLimit: shopperChoices.acceptChangesLimit,
});

export const freezeRequest = z.object({
  cartId: id,
  profileEmail: email,
  profileMobilePhone: mobilePhone,
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  timeSlotId: id,
  paymentMode,
  notes: z.string().max(500).nullish(),
  invoice: z.boolean().default(false),
  billingAddressId: id.nullish(),
  enableProductsReplacement: z.boolean(),
  ...shopperChoices,
  clientWeb: z.boolean().optional(),
});

export const orderStatus = z.enum([
  'ISSUING_RECEIPT',
  'CANCELLED',
  'ABORTED',
  'TO_BE_PREPARED',
  'IN_PREPARATION',
  'COLLECTED',
  'NOT_COLLECTED',
  'TO_BE_COLLECTED',
  'TO_BE_DELIVERED',
  'DELIVERED',
  'REFUSED',
  'PAYMENT_PENDING',
]);
export type OrderStatus = z.infer<typeof orderStatus>;

/** Italian labels per status (docs/product.md §4: labels are translated per status). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  PAYMENT_PENDING: 'Confermato: in attesa di pagamento',
  TO_BE_PREPARED: 'In attesa di conferma del punto vendita',
  IN_PREPARATION: 'In preparazione',
  TO_BE_COLLECTED: 'Pronto per il ritiro',
  TO_BE_DELIVERED: 'In consegna',
  ISSUING_RECEIPT: 'Emissione scontrino',
  COLLECTED: 'Ritirato',
  DELIVERED: 'Consegnato',
  NOT_COLLECTED: 'Non ritirato',
  REFUSED: 'Rifiutato',
  ABORTED: 'Annullato',
  CANCELLED: 'Annullato dal punto vendita',
};

export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  code: z.string(),
  /** Issued once the shopper paid or accepted the confirmed order (docs/product.md §1 terms). */
  pickupCode: z.string().nullable(),
  status: orderStatus,
  deliveryDate: z.string().nullable(),
  /** When the store confirmed availability, and until when the order waits for the store or the shopper. */
  confirmedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** What the shopper had asked for in all, before the store's confirmation changed it. */
  requestedTotal: z.number().nullable(),
  /** What the store's confirmation may do without asking again (decision 018), as the shopper said at checkout. */
  acceptChanges: z.boolean(),
  acceptChangesLimit: z.number().nullable(),
  /** Set by the store's confirmation: true when it went through within those choices, false when it waits for the shopper. */
  withinChoices: z.boolean().nullable(),
  cart,
  operatorCart: z
    .object({ netTotal: z.number(), total: z.number(), itemsCount: z.number().int(), payed: z.number().nullable() })
    .nullable(),
  preparedCartItems: z.array(cartItem),
  /** The card hold and what was charged, for XPAY orders once the card was authorised. */
  cardPayment: cardPayment.nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof order>;
export const orderPage = paged(order);

/** The store's confirmation of a pre-order: each listed row's outcome (unlisted rows are available). */
export const confirmRequest = z.object({
  rows: z
    .array(
      z.object({
        id,
        outcome: z.enum(['AVAILABLE', 'UNAVAILABLE', 'SUBSTITUTED']),
        substituteBarcode: z
          .string()
          .regex(/^[0-9]{8,14}$/, 'codice a barre non valido')
          .nullish(),
      }),
    )
    .max(500),
});

export const copyOrderRequest = z.object({
  orderId: id,
  addressId: id.nullish(),
  terminalType: z.literal('WEB').default('WEB'),
});
