// Cart calls and shapes of docs/product.md §3 and §7.
import { z } from '#src/shared/zod.ts';
export { WATER_PACK_FEE_CENTS } from './constants.ts';
import { promotion } from './catalogue.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const deliveryMode = z.enum(['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED']);
/** GET /cli/ecommerce/deliveries: the modes a cart can be opened for now. */
export const deliveryOption = z.object({ id: deliveryMode, description: z.string() });
export type DeliveryMode = z.infer<typeof deliveryMode>;
export const paymentMode = z.enum(['CASH', 'BANCOMAT', 'XPAY']);
export type PaymentMode = z.infer<typeof paymentMode>;

export const MAX_WATER_PACKS = 5;
export const WATER_PACKS_INCLUDED = 2;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const quantity = z.number().finite().min(0).max(1000);

export const openCartRequest = z.object({
  storeId: id.optional(),
  deliveryMode,
  addressId: id.nullish(),
  terminalType: z.literal('WEB').default('WEB'),
  terminalId: z.string().max(100).nullish(),
});

export const storeItemRequest = z
  .object({
    cartId: id,
    barcode: z.string().regex(/^[0-9]{8,14}$/, 'codice a barre non valido'),
    amount: quantity.optional(),
    weight: quantity.optional(),
    preview: z.boolean().optional(),
  })
  .refine((r) => r.amount !== undefined || r.weight !== undefined, { message: 'Indica la quantità', path: ['amount'] });

export const cartIdRequest = z.object({ cartId: id, refresh: z.boolean().optional(), preview: z.boolean().optional() });
export const deleteItemRequest = z.object({
  cartId: id,
  barcode: z.string().regex(/^[0-9]{8,14}$/),
  preview: z.boolean().optional(),
});
export const abortRequest = z
  .object({ cartId: id.optional(), orderId: id.optional() })
  .refine((r) => r.cartId || r.orderId, { message: 'cartId o orderId', path: ['cartId'] });
export const moveRequest = z.object({
  cartId: id,
  storeId: id,
  deliveryMode: deliveryMode.optional(),
  addressId: id.nullish(),
});
export const listToCartRequest = z.object({ smartListId: id, cartId: id.optional() });

const fee = z.object({ id: z.string(), description: z.string(), value: z.number() });

/**
 * The shopper's choice of substitute for a row (decision 014): a similar product chosen by the store,
 * none, or a named product of the catalogue (its barcode, name and price in the cart's store; on a
 * cart row, price null: the cart's store does not sell it, so nothing will replace the row).
 */
const replacementMode = z.enum(['SIMILAR', 'NONE', 'PRODUCT']);
export type ReplacementMode = z.infer<typeof replacementMode>;
const replacement = z.object({
  mode: replacementMode,
  barcode: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number().nullable(),
});
export type Replacement = z.infer<typeof replacement>;

/** POST /cli/ecommerce/cart/item/replacement: the choice for one row; `barcode` names the product for PRODUCT. */
export const replacementRequest = z
  .object({
    cartId: id,
    itemId: id,
    mode: replacementMode,
    barcode: z
      .string()
      .regex(/^[0-9]{8,14}$/, 'codice a barre non valido')
      .nullish(),
  })
  .refine((r) => (r.mode === 'PRODUCT') === !!r.barcode, {
    message: 'Indica il prodotto sostitutivo',
    path: ['barcode'],
  });

/** The store's answer for an order row when it confirmed availability; `original` is what the shopper had ordered. */
const rowConfirmation = z.object({
  outcome: z.enum(['AVAILABLE', 'UNAVAILABLE', 'SUBSTITUTED']),
  original: z
    .object({ barcode: z.string(), description: z.string(), netPrice: z.number(), rowNetPrice: z.number() })
    .nullable(),
});

export const cartItem = z.object({
  id: z.number().int(),
  ref: z.string(),
  barcode: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  um: z.enum(['PZ', 'KG']),
  purchaseUm: z.string(),
  amount: z.number().nullable(),
  weight: z.number().nullable(),
  umStep: z.number(),
  minWeight: z.number().nullable(),
  maxAmount: z.number().nullable(),
  price: z.number(),
  netPrice: z.number(),
  rowNetPrice: z.number(),
  promotions: z.array(promotion),
  /** The product's lowestPrice30Days (catalogue.ts) in the cart's store; absent on order rows. */
  lowestPrice30Days: z.number().nullable().optional(),
  vatConfigurationId: z.number().nullable(),
  attrib3: z.string().nullable(),
  available: z.boolean(),
  /** Why a copied order row could not go back into the cart when it is not that it is unavailable (a limit of docs/product.md §9). */
  removedReason: z.string().optional(),
  status: z.enum(['ok', 'danger']),
  operatorAmount: z.number().nullable(),
  operatorTotal: z.number().nullable(),
  /** The row's choice of substitute; null on a cart row: the order's consent at checkout decides. */
  replacement: replacement.nullable().optional(),
  /** On an order row the store has confirmed. */
  confirmation: rowConfirmation.nullable().optional(),
});
export type CartItem = z.infer<typeof cartItem>;

/**
 * GET /cli/ecommerce/cart/last-choice: the mode and store (or address) of the shopper's latest
 * cart, booked or not; the next cart starts from them (docs/product.md §4 Next cart).
 */
export const lastChoice = z.object({
  deliveryMode,
  storeId: z.number().int(),
  addressId: z.number().int().nullable(),
});
export type LastChoice = z.infer<typeof lastChoice>;

export const cart = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  storeId: z.number().int(),
  storeDescription: z.string(),
  deliveryMode,
  addressId: z.number().int().nullable(),
  items: z.array(cartItem),
  itemsCount: z.number().int(),
  netTotal: z.number(),
  total: z.number(),
  totalToPay: z.number(),
  minNetTotal: z.number(),
  fees: z.array(fee),
  paymentMode: paymentMode.nullable(),
  code: z.string().nullable(),
  /** The number of the order booked from this cart (the booking's answer, order views); absent on an open cart. */
  orderNumber: z.string().optional(),
  delivery: z.object({
    addressDescription: z.string().nullable(),
    timeSlot: z.object({ weekDay: z.number().int(), validFrom: z.string(), validTo: z.string() }).nullable(),
  }),
  payment: z.object({ mode: paymentMode.nullable() }),
  categories: z.array(z.string()),
  current: z.boolean(),
});
export type Cart = z.infer<typeof cart>;

export const storeItemResponse = z.object({
  cart,
  updatedProduct: z.object({
    barcode: z.string(),
    um: z.enum(['PZ', 'KG']),
    description: z.string(),
    amount: z.number(),
  }),
});

/** freeze/check answer with 4105: what changed since the items were added (docs/product.md §4 Booking). */
export const changedItems = z.object({ updated: z.array(cartItem), removed: z.array(cartItem) });
/** 4105 of an order put back into a cart (modify, copy): the cart is ready, with what changed. */
export const changedCart = changedItems.extend({ cart });
