// The cooperative's side of a profile deletion request (docs/product.md §2, §4, §9): the
// request is mailed to the privacy address with the customer's identity and
// listed for store staff until it is handled, within 48 hours after checks:
// carried out (docs/decisions/006-profile-deletion.md) or closed with a reason
// told to the customer.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  DELETION_HANDLING_HOURS,
  STAFF_SHOPPING_IN_PROGRESS,
  type DeletionRequest,
} from '#src/shared/contract/deletion-requests.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import type { Profile } from '#src/shared/contract/session.ts';
import { OPEN_STATUSES } from '#src/shared/order-states.ts';
import type { Db } from '../db/client.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { type MailContent, renderMail } from '../mail/layout.ts';
import { deliverQueued, enqueueMail } from '../mail/queue.ts';
import { BusinessError } from './outcomes.ts';
import type { Payments } from './payments.ts';

const dueBy = (requestedAt: Date) => new Date(requestedAt.getTime() + DELETION_HANDLING_HOURS * 3_600_000);
const romeTime = (d: Date) =>
  d.toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'full', timeStyle: 'short' });

/** A mail to the cooperative's privacy mailbox: what happened, then the facts of the customer and the request. */
async function privacyRecord(
  to: string,
  subject: string,
  paragraphs: string[],
  facts: [label: string, value: string][],
  closing: string[] = [],
): Promise<Mail> {
  const content: MailContent = {
    subject,
    heading: subject.replace(/:.*$/, ''),
    paragraphs,
    facts: facts.map(([label, value]) => ({ label, value })),
    closing,
  };
  return { to, ...(await renderMail(content, undefined)) };
}

/** The mail telling the cooperative's privacy mailbox who asked, when, and by when it is due. */
export function privacyOfficeMail(to: string, userId: number, profile: Profile, requestedAt: Date): Promise<Mail> {
  return privacyRecord(
    to,
    `Richiesta di eliminazione del profilo: ${profile.firstName} ${profile.lastName}`,
    ["Un cliente ha chiesto l'eliminazione del proprio profilo di Spesa online."],
    [
      ['Cliente', `${profile.firstName} ${profile.lastName}`],
      ['E-mail', profile.email],
      ['Codice fiscale', profile.ssnCode ?? '—'],
      ['Cellulare', profile.mobilePhone ?? '—'],
      ['Numero cliente', String(userId)],
      ['Richiesta del', romeTime(requestedAt)],
      ['Da gestire entro', `${romeTime(dueBy(requestedAt))} (48 ore, dopo le verifiche)`],
    ],
    [
      'Al momento della richiesta il cliente non ha spese in corso. Se ne risulta una al momento della gestione, il profilo non può essere eliminato automaticamente: il cliente può rivolgersi a un punto vendita.',
      'Le richieste in attesa sono elencate anche nella pagina del personale (/app/staff).',
    ],
  );
}

/** Requests not yet handled, oldest first. */
export async function pendingDeletionRequests(db: Db): Promise<DeletionRequest[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.deletion_requested_at', 'p.first_name', 'p.last_name', 'p.email'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.user_id', '=', 'u.id')
            .where('o.status', 'in', OPEN_STATUSES),
        )
        .as('shopping'),
    )
    .where('u.deletion_requested_at', 'is not', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.deletion_requested_at')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => {
    const requestedAt = new Date(r.deletion_requested_at!);
    return {
      userId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      requestedAt: requestedAt.toISOString(),
      dueBy: dueBy(requestedAt).toISOString(),
      shoppingInProgress: Boolean(r.shopping),
    };
  });
}

/**
 * The e-mail a deleted profile keeps: unique (the username is), never
 * deliverable (.invalid, RFC 2606), and unlike any address one can sign up
 * with, so the customer's own address is free for a new signup.
 */
const deletedEmail = (userId: number) => `profilo-eliminato-${userId}-${randomUUID().slice(0, 8)}@eliminato.invalid`;

/** Stands for a password hash: argon2 cannot verify against it, so no password logs in. */
const NO_PASSWORD = '!profilo-eliminato';

interface Handler {
  userId: number;
}

/** The customer's pending request, or 4214 (already handled, never made, deleted, or not a customer). */
async function pendingRequest(db: Db, customerId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'deletion_requested_at'])
    .where('id', '=', customerId)
    .where('role', '=', 'CUSTOMER')
    .where('deleted_at', 'is', null)
    .where('deletion_requested_at', 'is not', null)
    .executeTakeFirst();
  if (!user) throw new BusinessError(ErrorCode.DELETION_REQUEST_NOT_PENDING);
  const profile = await db
    .selectFrom('profiles')
    .select(['first_name', 'last_name', 'email', 'ssn_code', 'mobile_phone'])
    .where('user_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { requestedAt: new Date(user.deletion_requested_at!), profile };
}

async function handlerLine(db: Db, handler: Handler): Promise<string> {
  const who = await db
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .leftJoin('stores as s', 's.id', 'u.operator_store_id')
    .select(['u.username', 'p.first_name', 'p.last_name', 's.name as store'])
    .where('u.id', '=', handler.userId)
    .executeTakeFirstOrThrow();
  const name = [who.first_name, who.last_name].filter(Boolean).join(' ');
  return `${name || who.username} <${who.username}>${who.store ? `, ${who.store}` : ''} (utente ${handler.userId})`;
}

async function hasShoppingInProgress(db: Db, customerId: number): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', customerId)
      .where('status', 'in', OPEN_STATUSES)
      .limit(1)
      .executeTakeFirst(),
  );
}

/**
 * Carries out a pending deletion (docs/decisions/006-profile-deletion.md):
 * refused with 4206 while an order is in progress (docs/product.md §4); otherwise the
 * personal data are erased, the kept orders anonymised, every session ended,
 * the customer told at the address they had and the privacy mailbox told who
 * did it. Any store operator may do it: the requests are the cooperative's.
 */
export async function carryOutDeletion(
  db: Db,
  mailer: Mailer,
  payments: Payments,
  privacyEmail: string,
  handler: Handler,
  customerId: number,
): Promise<void> {
  const { requestedAt, profile } = await pendingRequest(db, customerId);
  if (await hasShoppingInProgress(db, customerId))
    throw new BusinessError(ErrorCode.SHOPPING_IN_PROGRESS, STAFF_SHOPPING_IN_PROGRESS);
  const placeholder = deletedEmail(customerId);
  // The mails commit with the deletion (mail/queue.ts); the address was read before it is erased.
  const mailIds = await db.transaction().execute(async (trx) => {
    const now = new Date();
    // The claim: only one handler gets the pending request; the account stops logging in and every session ends (migration 0007).
    const claimed = await trx
      .updateTable('users')
      .set({
        username: placeholder,
        password_hash: NO_PASSWORD,
        deleted_at: now,
        deletion_requested_at: null,
        confirmed_at: null,
        sessions_valid_from: now,
        session_kept_jti: null,
      })
      .where('id', '=', customerId)
      .where('deleted_at', 'is', null)
      .where('deletion_requested_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new BusinessError(ErrorCode.DELETION_REQUEST_NOT_PENDING);
    // An order booked meanwhile still stops it (the whole change is undone).
    if (await hasShoppingInProgress(trx as Db, customerId))
      throw new BusinessError(ErrorCode.SHOPPING_IN_PROGRESS, STAFF_SHOPPING_IN_PROGRESS);
    // A saved card goes through the payments layer, which records its contract as removed; in this
    // transaction, so a deletion stopped here or undone later keeps the customer's card.
    await payments.removeMethodsIn(trx as Db, customerId);
    await trx
      .updateTable('profiles')
      .set({
        first_name: 'Profilo',
        last_name: 'eliminato',
        birth_date: null,
        mobile_phone: null,
        email: placeholder,
        ssn_code: null,
      })
      .where('user_id', '=', customerId)
      .execute();
    await trx
      .updateTable('consents')
      .set({ accept3: false, accept4: false, updated_at: now })
      .where('user_id', '=', customerId)
      .execute();
    await trx.deleteFrom('loyalty_cards').where('user_id', '=', customerId).execute();
    await trx.deleteFrom('auth_tokens').where('user_id', '=', customerId).execute();
    // Orders stay for the fiscal retention period with amounts, rows, store, dates and payment; who the customer was, how to reach them and where they live go.
    await trx
      .updateTable('orders')
      .set({
        first_name: 'Cliente',
        last_name: 'eliminato',
        profile_email: placeholder,
        profile_mobile_phone: '',
        notes: null,
        ship_address: null,
        ship_street_number: null,
        ship_city: null,
        ship_county: null,
        ship_zip: null,
        address_id: null,
        billing_address_id: null,
      })
      .where('user_id', '=', customerId)
      .execute();
    // Carts: the ones an order was booked from stay as its empty technical record (orders.cart_id), the others go.
    const userCarts = trx.selectFrom('carts').select('id').where('user_id', '=', customerId);
    await trx.deleteFrom('cart_items').where('cart_id', 'in', userCarts).execute();
    await trx
      .deleteFrom('carts')
      .where('user_id', '=', customerId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('orders as o').select('o.id').whereRef('o.cart_id', '=', 'carts.id'))),
      )
      .execute();
    await trx
      .updateTable('carts')
      .set({ address_id: null, title: null, is_current: false, terminal_id: null })
      .where('user_id', '=', customerId)
      .execute();
    await trx.deleteFrom('addresses').where('user_id', '=', customerId).execute();
    await trx.deleteFrom('billing_addresses').where('user_id', '=', customerId).execute();
    await trx.deleteFrom('payment_methods').where('user_id', '=', customerId).execute();
    await trx.deleteFrom('shopping_lists').where('user_id', '=', customerId).execute();
    await trx.deleteFrom('favourites').where('user_id', '=', customerId).execute();
    await trx
      .insertInto('profile_deletions')
      .values({
        user_id: customerId,
        requested_at: requestedAt,
        handled_at: now,
        handled_by: handler.userId,
        outcome: 'DELETED',
        reason: null,
      })
      .execute();
    // What the queue kept of the mail sent to them (their address, its subjects) goes too.
    await trx
      .deleteFrom('mail_queue')
      .where('recipient', '=', profile.email)
      .where('sent_at', 'is not', null)
      .execute();
    return [
      await enqueueMail(trx as Db, await deletedMail(profile, requestedAt)),
      await enqueueMail(
        trx as Db,
        await privacyRecord(
          privacyEmail,
          `Profilo eliminato: ${profile.first_name} ${profile.last_name}`,
          ['Una richiesta di eliminazione del profilo è stata eseguita.'],
          [
            ['Cliente', `${profile.first_name} ${profile.last_name}`],
            ['E-mail', profile.email],
            ['Numero cliente', String(customerId)],
            ['Richiesta del', romeTime(requestedAt)],
            ['Eseguita il', romeTime(now)],
            ['Eseguita da', await handlerLine(trx as Db, handler)],
          ],
          [
            'I dati personali sono stati cancellati o resi anonimi; gli ordini restano, anonimi, per il periodo di conservazione fiscale. Il cliente è stato avvisato.',
          ],
        ),
      ),
    ];
  });
  await deliverQueued(db, mailer, mailIds);
}

/** Tells the customer, at the address they had, that the profile is gone. */
async function deletedMail(profile: { email: string; first_name: string }, requestedAt: Date): Promise<Mail> {
  const content: MailContent = {
    subject: 'Il tuo profilo di Spesa online è stato eliminato',
    heading: 'Il tuo profilo è stato eliminato',
    greeting: `Ciao ${profile.first_name},`,
    paragraphs: [
      `come hai chiesto il ${romeTime(requestedAt)}, il tuo profilo di Spesa online è stato eliminato.`,
      'I tuoi dati personali, gli indirizzi, le carte salvate, le liste della spesa e i preferiti sono stati cancellati.',
      'Gli ordini già fatti restano, senza i tuoi dati personali, solo per il periodo richiesto dalla legge (fiscale e contabile).',
      'Con questo indirizzo e-mail puoi registrarti di nuovo quando vuoi, come nuovo cliente.',
    ],
  };
  return { to: profile.email, ...(await renderMail(content, undefined)) };
}

/**
 * Closes a pending request that cannot be carried out (e.g. a shopping in
 * progress, docs/product.md §4: the customer may go to a store instead): the customer is
 * told why, the privacy mailbox who closed it; they may ask again later.
 */
export async function refuseDeletion(
  db: Db,
  mailer: Mailer,
  privacyEmail: string,
  handler: Handler,
  customerId: number,
  reason: string,
): Promise<void> {
  const { requestedAt, profile } = await pendingRequest(db, customerId);
  // The mails commit with the closing of the request (mail/queue.ts).
  const mailIds = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ deletion_requested_at: null })
      .where('id', '=', customerId)
      .where('deleted_at', 'is', null)
      .where('deletion_requested_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new BusinessError(ErrorCode.DELETION_REQUEST_NOT_PENDING);
    const row = await trx
      .insertInto('profile_deletions')
      .values({
        user_id: customerId,
        requested_at: requestedAt,
        handled_at: sql<Date>`now()`,
        handled_by: handler.userId,
        outcome: 'REFUSED',
        reason,
      })
      .returning('handled_at')
      .executeTakeFirstOrThrow();
    return [
      await enqueueMail(trx as Db, {
        to: profile.email,
        ...(await renderMail(
          {
            subject: 'La tua richiesta di eliminazione del profilo non è stata eseguita',
            heading: 'La tua richiesta non è stata eseguita',
            greeting: `Ciao ${profile.first_name},`,
            paragraphs: [
              `la tua richiesta di eliminazione del profilo del ${romeTime(requestedAt)} non è stata eseguita.`,
            ],
            facts: [{ label: 'Motivo', value: reason }],
            closing: [
              "Il tuo profilo resta attivo. Puoi rivolgerti a un punto vendita, oppure chiedere di nuovo l'eliminazione dalla pagina del profilo quando il motivo non c'è più.",
            ],
          },
          undefined,
        )),
      }),
      await enqueueMail(
        trx as Db,
        await privacyRecord(
          privacyEmail,
          `Richiesta di eliminazione chiusa senza eliminare il profilo: ${profile.first_name} ${profile.last_name}`,
          ['Una richiesta di eliminazione del profilo è stata chiusa senza eliminare il profilo.'],
          [
            ['Cliente', `${profile.first_name} ${profile.last_name}`],
            ['E-mail', profile.email],
            ['Numero cliente', String(customerId)],
            ['Richiesta del', romeTime(requestedAt)],
            ['Chiusa il', romeTime(new Date(row.handled_at))],
            ['Chiusa da', await handlerLine(trx as Db, handler)],
            ['Motivo comunicato al cliente', reason],
          ],
        ),
      ),
    ];
  });
  await deliverQueued(db, mailer, mailIds);
}
