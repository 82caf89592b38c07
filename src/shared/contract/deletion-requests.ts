// GET /cli/ops/deletion-requests: the profile deletions shoppers asked for and
// the cooperative has not handled yet (docs/product.md §2 profile data page, §9: handled
// within 48 hours after checks), for store staff.
import { z } from '#src/shared/zod.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const DELETION_HANDLING_HOURS = 48;

export const deletionRequest = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  requestedAt: z.string(),
  /** requestedAt + 48 hours. */
  dueBy: z.string(),
  /** An order in progress since the request: the profile cannot be deleted automatically (docs/product.md §2). */
  shoppingInProgress: z.boolean(),
});
export type DeletionRequest = z.infer<typeof deletionRequest>;

/**
 * What store staff read when carrying out a deletion meets a shopping in
 * progress (4206): the shopper's own wording of that code speaks to the
 * shopper, so the staff page shows this one instead.
 */
export const STAFF_SHOPPING_IN_PROGRESS =
  'Il cliente ha una spesa in corso: il profilo non può essere eliminato automaticamente. Chiudi la richiesta indicando il motivo al cliente, che può rivolgersi a un punto vendita.';

/** The reason proposed to staff when closing a request of a customer with a shopping in progress (the rule of docs/product.md §4, in the shopper's words). */
export const REFUSAL_SHOPPING_IN_PROGRESS =
  'Hai una spesa in corso: il profilo non può essere eliminato automaticamente. Rivolgiti a un punto vendita.';

/** POST /cli/ops/deletion-requests/:userId/refuse: closes a request that cannot be carried out; the reason is mailed to the customer. */
export const deletionRefusal = z.object({
  reason: z
    .string()
    .trim()
    .min(5, 'Indica il motivo (almeno 5 caratteri).')
    .max(500, 'Il motivo può avere al massimo 500 caratteri.'),
});
