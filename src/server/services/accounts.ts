// Accounts (docs/product.md §4 Session, §5, §7 Auth and profile): signup with mailed
// confirmation, login, refresh, logout, password reset and change, profile
// update and the deletion request.
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { passwordChange, profileUpdate, resetConfirm, signupRequest } from '#src/shared/contract/auth.ts';
import type { Profile } from '#src/shared/contract/session.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { LOYALTY_PREFIX } from '#src/shared/loyalty-card.ts';
import { endSessions } from '../auth/session-token.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/layout.ts';
import { deliverQueued, enqueueMail } from '../mail/queue.ts';
import { BusinessError } from './outcomes.ts';
import { consumeLinkToken, issueLinkToken } from './mail-links.ts';
import { loadProfile } from './profile-mapping.ts';
import { OPEN_STATUSES } from '#src/shared/order-states.ts';
import { privacyOfficeMail } from './deletion-requests.ts';

type Signup = z.output<typeof signupRequest>;

// A hash to verify against when the user does not exist, so a login for an
// unknown username costs the same time as a wrong password.
const dummyHash = hash('password-that-nobody-has-Aa1!');

const realCards = (cards: { code: string; principal: boolean; enabled: boolean }[]) =>
  cards.filter((c) => c.code !== '' && c.code !== LOYALTY_PREFIX);

export async function signup(db: Db, mailer: Mailer, publicUrl: string, input: Signup): Promise<void> {
  const passwordHash = await hash(input.password);
  // The account, its confirmation link and the mail with it commit together (mail/queue.ts).
  const mailId = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: input.username,
        password_hash: passwordHash,
        operator_store_id: null,
        confirmed_at: null,
        deletion_requested_at: null,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new BusinessError(ErrorCode.USERNAME_TAKEN);
    const p = input.profile;
    await trx
      .insertInto('profiles')
      .values({
        user_id: user.id,
        first_name: p.firstName,
        last_name: p.lastName,
        birth_date: p.birthDate,
        mobile_phone: p.mobilePhone,
        email: p.email ?? input.username,
        ssn_code: p.ssnCode,
      })
      .execute();
    await trx
      .insertInto('consents')
      .values({ user_id: user.id, accept1: true, accept2: true, accept3: input.accept3, accept4: input.accept4 })
      .execute();
    const cards = realCards(p.cards);
    if (cards.length)
      await trx
        .insertInto('loyalty_cards')
        .values(cards.map((c, i) => ({ user_id: user.id, code: c.code, principal: i === 0, enabled: c.enabled })))
        .execute();
    const token = await issueLinkToken(trx as Db, user.id, 'CONFIRM');
    const link = `${publicUrl}/cli/profiles/confirm?token=${token}`;
    return enqueueMail(trx as Db, {
      to: input.username,
      ...(await renderMail(
        {
          subject: 'Conferma la tua registrazione a Spesa online',
          heading: 'Conferma la tua registrazione',
          greeting: `Ciao ${input.profile.firstName},`,
          paragraphs: ['grazie per esserti registrato a Spesa online.'],
          action: {
            text: 'Per completare la registrazione apri questo link entro 72 ore:',
            label: 'Conferma la registrazione',
            href: link,
          },
          closing: ['Se non hai chiesto tu la registrazione, ignora questo messaggio.'],
        },
        publicUrl,
      )),
    });
  });
  await deliverQueued(db, mailer, [mailId]);
}

/** Follows the confirmation link: true when the account is now active. */
export async function confirmAccount(db: Db, token: string): Promise<boolean> {
  const userId = await consumeLinkToken(db, token, 'CONFIRM');
  if (userId === null) return false;
  await db
    .updateTable('users')
    .set({ confirmed_at: new Date() })
    .where('id', '=', userId)
    .where('confirmed_at', 'is', null)
    .execute();
  return true;
}

/** Checks the credentials: the user's id and role, or the login error of docs/product.md §8. */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
): Promise<{ id: number; role: 'CUSTOMER' | 'OPERATOR' }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'confirmed_at', 'role'])
    .where('username', '=', username)
    .executeTakeFirst();
  const valid = await verify(user?.password_hash ?? (await dummyHash), password).catch(() => false);
  if (!user || !valid) throw new BusinessError(ErrorCode.BAD_CREDENTIALS);
  if (!user.confirmed_at) throw new BusinessError(ErrorCode.ACCOUNT_NOT_CONFIRMED);
  return { id: user.id, role: user.role };
}

export async function requireProfile(db: Db, userId: number): Promise<Profile> {
  const profile = await loadProfile(db, userId);
  if (!profile) throw new BusinessError(ErrorCode.USER_NOT_FOUND);
  return profile;
}

export async function updateProfile(db: Db, userId: number, input: z.output<typeof profileUpdate>): Promise<Profile> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({
        first_name: input.firstName,
        last_name: input.lastName,
        mobile_phone: input.mobilePhone,
        ssn_code: input.ssnCode,
      })
      .where('user_id', '=', userId)
      .execute();
    // Privacy consents are shown disabled (docs/product.md §6): only the optional ones may change here.
    const optional: { accept3?: boolean; accept4?: boolean } = {};
    if (input.accept3 !== undefined) optional.accept3 = input.accept3;
    if (input.accept4 !== undefined) optional.accept4 = input.accept4;
    if (Object.keys(optional).length)
      await trx
        .updateTable('consents')
        .set({ ...optional, updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
    await trx.deleteFrom('loyalty_cards').where('user_id', '=', userId).execute();
    const cards = realCards(input.cards);
    if (cards.length)
      await trx
        .insertInto('loyalty_cards')
        .values(cards.map((c, i) => ({ user_id: userId, code: c.code, principal: i === 0, enabled: c.enabled })))
        .execute();
  });
  return requireProfile(db, userId);
}

/**
 * Profile deletion (docs/product.md §2, §4, §9): refused with a shopping in progress
 * (4206: not automatic, the customer may go to a store); otherwise recorded and
 * sent to the cooperative's privacy mailbox (once per request) to be handled
 * within 48 hours after checks, and confirmed to the customer.
 */
export async function requestDeletion(db: Db, mailer: Mailer, userId: number, privacyEmail: string): Promise<void> {
  const active = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_STATUSES)
    .limit(1)
    .executeTakeFirst();
  if (active) throw new BusinessError(ErrorCode.SHOPPING_IN_PROGRESS);
  const profile = await requireProfile(db, userId);
  const confirmation = {
    to: profile.email,
    ...(await renderMail(
      {
        subject: 'Richiesta di eliminazione del profilo ricevuta',
        heading: 'Abbiamo ricevuto la tua richiesta',
        greeting: `Ciao ${profile.firstName},`,
        paragraphs: [
          "abbiamo ricevuto la tua richiesta di eliminazione del profilo e l'abbiamo inviata alla cooperativa. Dopo le verifiche necessarie verrà eseguita entro 48 ore.",
          'Se nel frattempo hai una spesa in corso, il profilo non può essere eliminato automaticamente: puoi rivolgerti a un punto vendita.',
        ],
      },
      undefined,
    )),
  };
  // The request and its mails commit together (mail/queue.ts); the row's lock makes a second request wait and find it made.
  const mailIds = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('deletion_requested_at')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { requestedAt } = await trx
      .updateTable('users')
      .set({ deletion_requested_at: sql`coalesce(deletion_requested_at, now())` })
      .where('id', '=', userId)
      .returning('deletion_requested_at as requestedAt')
      .executeTakeFirstOrThrow();
    const ids = [];
    if (!before.deletion_requested_at)
      ids.push(
        await enqueueMail(trx as Db, await privacyOfficeMail(privacyEmail, userId, profile, new Date(requestedAt!))),
      );
    ids.push(await enqueueMail(trx as Db, confirmation));
    return ids;
  });
  await deliverQueued(db, mailer, mailIds);
}

export async function requestPasswordReset(db: Db, mailer: Mailer, publicUrl: string, email: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirst();
  // The same answer for an unknown address: the form must not tell who is a customer.
  if (!user) return;
  // The new link and its mail commit together (mail/queue.ts).
  const mailId = await db.transaction().execute(async (trx) => {
    const token = await issueLinkToken(trx as Db, user.id, 'RESET');
    return enqueueMail(trx as Db, {
      to: email,
      ...(await renderMail(
        {
          subject: 'Reimposta la password di Spesa online',
          heading: 'Reimposta la password',
          paragraphs: ['Hai chiesto di reimpostare la password di Spesa online.'],
          action: {
            text: 'Apri questo link entro 60 minuti per sceglierne una nuova:',
            label: 'Scegli una nuova password',
            href: `${publicUrl}/app/reset/password?token=${token}`,
          },
          closing: [
            'Il link vale una sola volta. Se non sei stato tu, ignora questo messaggio: la password resta quella di prima.',
          ],
        },
        publicUrl,
      )),
    });
  });
  await deliverQueued(db, mailer, [mailId]);
}

export async function resetPassword(db: Db, input: z.output<typeof resetConfirm>): Promise<void> {
  const userId = await consumeLinkToken(db, input.token, 'RESET');
  if (userId === null) throw new BusinessError(ErrorCode.INVALID_LINK);
  // Following a mailed link also proves the address: confirm the account.
  await db
    .updateTable('users')
    .set({ password_hash: await hash(input.newPassword), confirmed_at: sql`coalesce(confirmed_at, now())` })
    .where('id', '=', userId)
    .execute();
  // Whoever knew the old password must not keep a session: every token of the account ends.
  await endSessions(db, userId, null);
}

/** Changes the password; every other session of the account ends, the one that changed it (`keepJti`) goes on. */
export async function changePassword(
  db: Db,
  userId: number,
  input: z.output<typeof passwordChange>,
  keepJti: string | null = null,
): Promise<void> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new BusinessError(ErrorCode.USER_NOT_FOUND);
  if (!(await verify(user.password_hash, input.oldPassword).catch(() => false)))
    throw new BusinessError(ErrorCode.INVALID_PASSWORD, 'La password attuale non è corretta.');
  await db
    .updateTable('users')
    .set({ password_hash: await hash(input.newPassword) })
    .where('id', '=', userId)
    .execute();
  await endSessions(db, userId, keepJti);
}
