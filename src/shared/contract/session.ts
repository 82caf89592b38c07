// The logged-in user as stored locally (docs/product.md §3 User): the profile and the role,
// for the header's name and the pages' first views. Never the session token: that stays in an
// HttpOnly cookie no page script can read (decision 027).
import { z } from '#src/shared/zod.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

const loyaltyCard = z.object({ code: z.string(), principal: z.boolean(), enabled: z.boolean() });

export const profile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string(),
  ssnCode: z.string().nullable(),
  cards: z.array(loyaltyCard),
  accept1: z.boolean(),
  accept2: z.boolean(),
  accept3: z.boolean(),
  accept4: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

/** A shopper, or a store's operator (the staff screens). */
export const sessionRole = z.enum(['CUSTOMER', 'OPERATOR']);

const sessionUser = z.object({ profile, role: sessionRole });
export type SessionUser = z.infer<typeof sessionUser>;
