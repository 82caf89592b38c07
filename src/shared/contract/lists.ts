// Shopping lists and favourites (docs/product.md §3, §7 Lists).
import { z } from '#src/shared/zod.ts';
import { cart } from './cart.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const LIST_TITLE_REQUIRED = 'Inserisci un nome per la lista';
const title = z.string({ error: LIST_TITLE_REQUIRED }).trim().min(1, LIST_TITLE_REQUIRED).max(60);
const amount = z.number().finite().min(1, 'La quantità minima è 1').max(999);

const listItem = z.object({
  id: z.number().int(),
  type: z.enum(['PRODUCT', 'CUSTOM']),
  ref: z.string().nullable(),
  barcode: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  um: z.string().nullable(),
  imageUrl: z.string().nullable(),
  attrib3: z.string().nullable(),
});
export const shoppingList = z.object({
  id: z.number().int(),
  title: z.string(),
  itemsCount: z.number().int(),
  items: z.array(listItem),
});
export type ShoppingList = z.infer<typeof shoppingList>;

export const createListRequest = z.object({ title });
export const listIdRequest = z.object({ id });
export const renameListRequest = z.object({ id, title });
export const createItemRequest = z.union([
  z.object({
    id,
    type: z.literal('CUSTOM'),
    description: z.string().trim().min(3, 'Almeno 3 caratteri').max(100),
    amount: amount.default(1),
  }),
  z.object({
    id,
    type: z.literal('PRODUCT').optional(),
    barcode: z.string().regex(/^[0-9]{8,14}$/, 'codice a barre non valido'),
    amount: amount.default(1),
  }),
]);
export const updateItemRequest = z.object({ id, itemId: id, amount });
export const deleteItemRequest = z.object({ id, itemId: id });

export const favourite = z.object({
  id: z.number().int(),
  barcode: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
});
export const favouriteRequest = z.object({ barcode: z.string().regex(/^[0-9]{8,14}$/, 'codice a barre non valido') });

/** What cart/list answers: the cart, and the list rows it could not take with why (named to the shopper). */
export const listToCartResult = cart.extend({
  notAdded: z.array(z.object({ description: z.string(), reason: z.string() })),
});
export type ListToCartResult = z.infer<typeof listToCartResult>;
