// Auth and profile calls of docs/product.md §7.
import { z } from '#src/shared/zod.ts';
import {
  REQUIRED,
  PASSWORDS_DIFFER,
  birthDate,
  email,
  firstName,
  lastName,
  loyaltyCardCode,
  mobilePhone,
  newPassword,
  ssnCode,
} from './profile-rules.ts';
import { profile, sessionRole } from './session.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

export const loginRequest = z.object({
  username: z.string().trim().toLowerCase().min(1, REQUIRED).max(254),
  password: z.string().min(1, REQUIRED).max(128),
  /**
   * Where the session goes (decision 027): 'cookie', the shop's pages, in an HttpOnly cookie and
   * never in the answer; 'token' (the default, the cooperative's apps), as `jwt` in the answer,
   * sent back as `Authorization: Bearer`.
   */
  session: z
    .enum(['cookie', 'token'])
    .default('token')
    .describe(
      "'cookie': the session in an HttpOnly cookie, no jwt in the answer (the shop's pages); 'token' (default): jwt in the answer, sent as Authorization: Bearer",
    ),
});

/** The login's and the session refresh's answer: the token only to a caller that holds it as a bearer token. */
export const loginResponse = z.object({ jwt: z.string().optional(), profile, role: sessionRole });

const cards = z
  .array(z.object({ code: loyaltyCardCode, principal: z.boolean().default(true), enabled: z.boolean().default(true) }))
  .max(3)
  .default([]);

const mustAccept = z.literal(true, { error: REQUIRED });

/** The signup form and POST /cli/profiles/signup. */
export const signupRequest = z
  .object({
    username: email,
    password: newPassword,
    passwordConfirm: z.string({ error: REQUIRED }).min(1, REQUIRED).optional(),
    profile: z.object({
      firstName,
      lastName,
      birthDate,
      mobilePhone,
      email: email.optional(),
      ssnCode,
      cards,
    }),
    accept1: mustAccept,
    accept2: mustAccept,
    accept3: z.boolean().default(false),
    accept4: z.boolean().default(false),
  })
  .refine((s) => s.passwordConfirm === undefined || s.passwordConfirm === s.password, {
    path: ['passwordConfirm'],
    message: PASSWORDS_DIFFER,
  });
export type SignupRequest = z.input<typeof signupRequest>;

/** PUT /cli/profiles */
export const profileUpdate = z.object({
  firstName,
  lastName,
  mobilePhone,
  ssnCode,
  cards,
  accept1: z.boolean().optional(),
  accept2: z.boolean().optional(),
  accept3: z.boolean().optional(),
  accept4: z.boolean().optional(),
});

/** POST /cli/profiles/password: reset request. */
export const resetRequest = z.object({ tid: z.string().max(20).optional(), email });

/** POST /cli/profiles/password/reset: the mailed link's page sets a new password. */
export const resetConfirm = z
  .object({ token: z.string().min(20).max(200), newPassword, passwordConfirm: z.string().min(1, REQUIRED) })
  .refine((s) => s.newPassword === s.passwordConfirm, { path: ['passwordConfirm'], message: PASSWORDS_DIFFER });

/** POST /cli/profiles/password/change */
export const passwordChange = z.object({ oldPassword: z.string().min(1, REQUIRED).max(128), newPassword });
