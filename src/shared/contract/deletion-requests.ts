// GET /cli/ops/deletion-requests: the profile deletions shoppers asked for and
// the cooperative has not handled yet (spec §2 profile data page, §9: handled
// within 48 hours after checks), for store staff.
import { z } from 'zod';

export const DELETION_HANDLING_HOURS = 48;

export const deletionRequest = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  requestedAt: z.string(),
  /** requestedAt + 48 hours. */
  dueBy: z.string(),
  /** An order in progress since the request: the profile cannot be deleted automatically (spec §2). */
  shoppingInProgress: z.boolean(),
});
export type DeletionRequest = z.infer<typeof deletionRequest>;
