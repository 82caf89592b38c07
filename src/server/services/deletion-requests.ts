// The cooperative's side of a profile deletion request (spec §2, §4, §9): the
// request is mailed to the privacy address with the customer's identity and
// listed for store staff until it is handled, within 48 hours after checks.
import { DELETION_HANDLING_HOURS, type DeletionRequest } from '#src/shared/contract/deletion-requests.ts';
import type { Profile } from '#src/shared/contract/session.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';

/** Orders in these statuses are a shopping in progress: the profile then cannot be deleted automatically. */
export const SHOPPING_IN_PROGRESS = ['PAYMENT_PENDING', 'TO_BE_PREPARED', 'IN_PREPARATION', 'TO_BE_COLLECTED', 'TO_BE_DELIVERED', 'ISSUING_RECEIPT'];

const dueBy = (requestedAt: Date) => new Date(requestedAt.getTime() + DELETION_HANDLING_HOURS * 3_600_000);
const romeTime = (d: Date) => d.toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'full', timeStyle: 'short' });

/** Tells the cooperative's privacy mailbox who asked, when, and by when it is due. */
export async function mailPrivacyOffice(mailer: Mailer, to: string, userId: number, profile: Profile, requestedAt: Date): Promise<void> {
  await mailer.send({
    to,
    subject: `Richiesta di eliminazione del profilo: ${profile.firstName} ${profile.lastName}`,
    text: [
      'Un cliente ha chiesto l\'eliminazione del proprio profilo di Spesa online.',
      '',
      `Cliente: ${profile.firstName} ${profile.lastName}`,
      `E-mail: ${profile.email}`,
      `Codice fiscale: ${profile.ssnCode ?? '—'}`,
      `Cellulare: ${profile.mobilePhone ?? '—'}`,
      `Numero cliente: ${userId}`,
      `Richiesta del: ${romeTime(requestedAt)}`,
      `Da gestire entro: ${romeTime(dueBy(requestedAt))} (48 ore, dopo le verifiche)`,
      '',
      'Al momento della richiesta il cliente non ha spese in corso. Se ne risulta una al momento della gestione, il profilo non può essere eliminato',
      'automaticamente: il cliente può rivolgersi a un punto vendita.',
      'Le richieste in attesa sono elencate anche nella pagina del personale (/app/staff).',
      '',
    ].join('\n'),
  });
}

/** Requests not yet handled, oldest first. */
export async function pendingDeletionRequests(db: Db): Promise<DeletionRequest[]> {
  const rows = await db.selectFrom('users as u').innerJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.deletion_requested_at', 'p.first_name', 'p.last_name', 'p.email'])
    .select((eb) => eb.exists(
      eb.selectFrom('orders as o').select('o.id').whereRef('o.user_id', '=', 'u.id').where('o.status', 'in', SHOPPING_IN_PROGRESS),
    ).as('shopping'))
    .where('u.deletion_requested_at', 'is not', null)
    .orderBy('u.deletion_requested_at').orderBy('u.id')
    .execute();
  return rows.map((r) => {
    const requestedAt = new Date(r.deletion_requested_at!);
    return {
      userId: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email,
      requestedAt: requestedAt.toISOString(), dueBy: dueBy(requestedAt).toISOString(), shoppingInProgress: Boolean(r.shopping),
    };
  });
}
