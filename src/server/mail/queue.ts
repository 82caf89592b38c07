// The mail queue (migration 0019): every mail of the shop is a row of
// mail_queue first, written in the transaction of the change it tells about,
// so it exists only if that change commits and outlives a mail server that is
// down. Sending is a claim and an attempt:
// - the claim is a short transaction: the due unsent rows, FOR UPDATE SKIP
//   LOCKED, get their attempt counted and their next attempt moved a lease
//   ahead, and it commits. Two API processes (or two sweeps of one) never
//   claim the same row, and the mail server is never waited for inside a
//   transaction: on PGlite nothing else could run meanwhile, and the
//   development outbox writes through the database itself;
// - the attempt sends through the mailer, then marks the row sent (its body
//   emptied, see markSent) or records the error and when to try again.
// A process that dies mid-attempt leaves the row claimed: it is tried again
// when the lease ends, so a mail goes at least once, and twice only then.
//
// Who sends when: a caller that answers a shopper about a mail (signup, reset,
// deletion requests) awaits one attempt at its own mails right after its
// commit (deliverQueued), so the mail is at the mail server, or in the
// development outbox, by the time the API answers, as it was before the
// queue; when that attempt fails the call still succeeds and the worker
// (startMailWorker) retries. A caller that need not wait kicks the worker
// instead (kickMailWorker(db) after its commit), which sends within a
// fraction of a second.
import type { Db } from '../db/client.ts';
import type { Mail, Mailer } from './mailer.ts';
import { log } from '../logger.ts';
import { type Sweeper, type SweeperOptions, startSweeper } from '../queue-sweeper.ts';

/** After this many failed attempts a mail stays unsent in the table, no longer retried. */
const MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;
/** How long a claimed row is left to its claimer: longer than nodemailer's default waits on a server (2 min to connect, 10 min of silence). */
const CLAIM_LEASE_MS = 15 * 60_000;
/** The stored error is the error's text only (never the mail), cut to this length. */
const ERROR_CHARS = 500;
/** How long a sent mail's row is kept (recipient, subject, when): a week, then it goes. */
const KEEP_SENT_MS = 7 * 24 * 3_600_000;

/** The wait before attempt n + 1 after n failed ones: 30 s, 1 min, 2 min, … at most an hour. */
export const retryDelayMs = (failedAttempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS);

/**
 * Queues a mail and answers its id. Pass the transaction of the change the
 * mail tells about: the mail is queued only if that change commits.
 */
export async function enqueueMail(db: Db, mail: Mail, now: Date = new Date()): Promise<number> {
  const row = await db
    .insertInto('mail_queue')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      next_attempt_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Claimed {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

/** Claims up to `limit` due unsent rows (only `ids`, when given) for one attempt each. */
async function claim(db: Db, now: Date, limit: number, ids?: readonly number[]): Promise<Claimed[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mail_queue')
      .select('id')
      .where('sent_at', 'is', null)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('next_attempt_at', '<=', now)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('mail_queue')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS),
      }))
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .returning(['id', 'recipient', 'subject', 'text', 'html', 'attempts'])
      .execute();
  });
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_CHARS) || 'errore sconosciuto';

/**
 * Sends one claimed mail; true when the mailer took it. A sent row keeps who,
 * what subject and when, not the body: confirmation and reset links are
 * stored only as their hash (services/mail-links.ts).
 */
async function attempt(db: Db, mailer: Mailer, mail: Claimed, now: Date): Promise<boolean> {
  try {
    await mailer.send({
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === null ? {} : { html: mail.html }),
    });
  } catch (error) {
    const message = errorText(error);
    const last = mail.attempts >= MAX_ATTEMPTS;
    log[last ? 'error' : 'warn'](
      { mailId: mail.id, attempts: mail.attempts, err: error },
      `mail: attempt failed${last ? ', no more attempts' : ''}`,
    );
    await db
      .updateTable('mail_queue')
      .set({ last_error: message, next_attempt_at: new Date(now.getTime() + retryDelayMs(mail.attempts)) })
      .where('id', '=', mail.id)
      .execute();
    return false;
  }
  await db
    .updateTable('mail_queue')
    .set({ sent_at: new Date(), text: '', html: null, last_error: null })
    .where('id', '=', mail.id)
    .execute();
  return true;
}

/**
 * One sweep: claims up to `limit` due unsent mails and makes one attempt at
 * each. Answers how many it claimed (a full batch: more may be due).
 */
export async function deliverDue(db: Db, mailer: Mailer, now: Date = new Date(), limit = 20): Promise<number> {
  const claimed = await claim(db, now, limit);
  for (const mail of claimed) await attempt(db, mailer, mail, now);
  return claimed.length;
}

/**
 * One attempt at the given queued mails, right after the commit that queued
 * them; a failure is left to the worker's retries, never thrown: the caller's
 * change is done, and its mail will follow. A mail another process already
 * claimed is left to it.
 */
export async function deliverQueued(db: Db, mailer: Mailer, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date();
  try {
    for (const mail of await claim(db, now, ids.length, ids)) await attempt(db, mailer, mail, now);
  } catch (error) {
    log.error({ err: error }, 'mail: could not send queued mail now; the worker retries');
  }
}

/** Drops the rows of mails sent more than a week before `now`. */
export async function forgetSentMail(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .deleteFrom('mail_queue')
    .where('sent_at', '<', new Date(now.getTime() - KEEP_SENT_MS))
    .execute();
}

/** The worker of each database handle in this process, for kickMailWorker(). */
const workers = new WeakMap<Db, Sweeper>();

/**
 * After a commit that queued mail nobody waits for: the worker running on
 * `db` sends it within a fraction of a second (without one, the mail waits
 * for the next process that sweeps).
 */
export function kickMailWorker(db: Db): void {
  workers.get(db)?.kick();
}

/**
 * Sweeps the queue every `intervalMs` (and on kick()), batch after batch while
 * full ones come (queue-sweeper.ts). Every API process may run one.
 */
export function startMailWorker(
  db: Db,
  mailer: Mailer,
  options: Pick<SweeperOptions, 'intervalMs' | 'kickDelayMs' | 'batch'> = {},
): Sweeper {
  const sweeper = startSweeper({
    name: 'mail',
    deliver: (batch) => deliverDue(db, mailer, new Date(), batch),
    forget: () => forgetSentMail(db),
    ...options,
  });
  const worker: Sweeper = {
    kick: sweeper.kick,
    async stop() {
      if (workers.get(db) === worker) workers.delete(db);
      await sweeper.stop();
    },
  };
  workers.set(db, worker);
  return worker;
}
