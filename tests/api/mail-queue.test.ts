// The mail queue (src/server/mail/queue.ts, migration 0019): a mail exists only
// if the change it tells about commits; a mail server that is down loses no
// mail, which goes out on a later attempt with a growing delay; two sweeps at
// once (two API processes on PostgreSQL) send each mail exactly once. The
// mails' texts: order-mails.test.ts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { type Db, type DbHandle, openDb } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import type { Mail, Mailer } from '#src/server/mail/mailer.ts';
import { log } from '#src/server/logger.ts';
import {
  deliverDue,
  enqueueMail,
  forgetSentMail,
  kickMailWorker,
  retryDelayMs,
  startMailWorker,
} from '#src/server/mail/queue.ts';
import { signup } from '#src/server/services/accounts.ts';
import { signupRequest } from '#src/shared/contract/auth.ts';
import { openTestDatabase } from './harness.ts';

let test: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
/** On PostgreSQL a second handle on the same database, as a second API process has; on PGlite the same one (one process). */
let other: DbHandle | undefined;
let otherDb: Db;

beforeAll(async () => {
  test = await openTestDatabase();
  await migrate(test.handle);
  db = test.handle.db;
  const serverUrl = process.env['DATABASE_URL'];
  if (serverUrl) {
    const url = new URL(serverUrl);
    url.pathname = `/${(await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]!.name}`;
    other = await openDb({ databaseUrl: url.toString() });
  }
  otherDb = other?.db ?? db;
});
afterAll(async () => {
  await other?.close();
  await test.close();
});
// Each failed attempt is logged (the mail's id and the error): kept off the test's output, read where it matters.
let warnings: ReturnType<typeof vi.spyOn>;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await db.deleteFrom('mail_queue').execute();
  warnings = vi.spyOn(log, 'warn').mockImplementation(() => {});
  errors = vi.spyOn(log, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A mail server that records what it takes, after `failures` refusals, each send taking `delayMs`. */
function mailServer({ failures = 0, delayMs = 0 } = {}) {
  const sent: Mail[] = [];
  let calls = 0;
  const mailer: Mailer = {
    usesOutbox: false,
    async send(mail) {
      calls++;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (calls <= failures) throw new Error('connect ECONNREFUSED 10.0.0.25:587');
      sent.push(mail);
    },
  };
  return { mailer, sent, calls: () => calls };
}

const mail = (to: string): Mail => ({ to, subject: 'Il tuo ordine è in consegna', text: `Ciao, ${to}` });
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);
const row = (id: number) => db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the mail queue', () => {
  it('never sends a mail queued in a transaction that rolled back, and sends the committed one', async () => {
    const server = mailServer();
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx as Db, mail('annullato@example.it'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction().execute((trx) => enqueueMail(trx as Db, mail('confermato@example.it')));

    expect(await deliverDue(db, server.mailer)).toBe(1);
    expect(await deliverDue(db, server.mailer)).toBe(0);
    expect(server.sent.map((m) => m.to)).toEqual(['confermato@example.it']);
    const rows = await db.selectFrom('mail_queue').select('recipient').execute();
    expect(rows.map((r) => r.recipient)).toEqual(['confermato@example.it']);
  });

  it('keeps a mail the server refused, retries it 30 s and then 60 s later, and sends it on the third attempt', async () => {
    const server = mailServer({ failures: 2 });
    const t0 = new Date();
    const id = await enqueueMail(db, mail('riprova@example.it'), t0);

    expect(await deliverDue(db, server.mailer, t0)).toBe(1);
    expect(await row(id)).toMatchObject({
      attempts: 1,
      sent_at: null,
      last_error: 'connect ECONNREFUSED 10.0.0.25:587',
    });
    expect(new Date((await row(id)).next_attempt_at).getTime()).toBe(t0.getTime() + 30_000);

    expect(await deliverDue(db, server.mailer, at(t0, 29_999))).toBe(0);
    expect(await deliverDue(db, server.mailer, at(t0, 30_000))).toBe(1);
    expect(await row(id)).toMatchObject({ attempts: 2, sent_at: null });
    expect(new Date((await row(id)).next_attempt_at).getTime()).toBe(t0.getTime() + 90_000);

    expect(await deliverDue(db, server.mailer, at(t0, 89_999))).toBe(0);
    expect(server.calls()).toBe(2);
    expect(await deliverDue(db, server.mailer, at(t0, 90_000))).toBe(1);
    expect(server.sent).toEqual([mail('riprova@example.it')]);
    const sent = await row(id);
    // Sent: who, what and when stay for a week; the body (a reset link, say) does not.
    expect(sent).toMatchObject({ attempts: 3, last_error: null, text: '', html: null });
    expect(sent.sent_at).not.toBeNull();
    expect(await deliverDue(db, server.mailer, at(t0, 4 * 3_600_000))).toBe(0);
  });

  it('waits twice as long after each failure, at most an hour, and gives up after 20 attempts, keeping the mail unsent', async () => {
    expect([1, 2, 3, 7, 8, 19].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000]);
    const server = mailServer({ failures: Number.POSITIVE_INFINITY });
    const t0 = new Date();
    const id = await enqueueMail(db, mail('irraggiungibile@example.it'), t0);
    for (let hour = 0; hour < 25; hour++) await deliverDue(db, server.mailer, at(t0, hour * 3_600_000));
    expect(server.calls()).toBe(20);
    expect(await row(id)).toMatchObject({
      attempts: 20,
      sent_at: null,
      text: 'Ciao, irraggiungibile@example.it',
      last_error: 'connect ECONNREFUSED 10.0.0.25:587',
    });
    expect(warnings).toHaveBeenCalledTimes(19);
    expect(errors).toHaveBeenCalledWith(
      { mailId: id, attempts: 20, err: expect.objectContaining({ message: 'connect ECONNREFUSED 10.0.0.25:587' }) },
      'mail: attempt failed, no more attempts',
    );
  });

  it('sends each mail exactly once when sweeps run at the same time, on one handle and on two', async () => {
    const server = mailServer({ delayMs: 2 });
    const recipients = Array.from({ length: 30 }, (_, i) => `cliente${i}@example.it`);
    for (const to of recipients) await enqueueMail(db, mail(to));
    const now = new Date(Date.now() + 1_000);
    const claimed = await Promise.all([
      deliverDue(db, server.mailer, now, 10),
      deliverDue(db, server.mailer, now, 10),
      deliverDue(otherDb, server.mailer, now, 10),
      deliverDue(otherDb, server.mailer, now, 10),
    ]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(30);
    expect(await deliverDue(db, server.mailer, now)).toBe(0);
    expect(server.sent.map((m) => m.to).sort()).toEqual([...recipients].sort());
  });

  it('no mail is lost when the mail server is down at signup: the account is made, the confirmation follows', async () => {
    const down = mailServer({ failures: 1 });
    const input = signupRequest.parse({
      username: 'smtp.giu@example.it',
      password: 'Orecchiette1!',
      profile: {
        firstName: 'Anna',
        lastName: 'Rossi',
        birthDate: '1985-04-12',
        mobilePhone: '3331234567',
        ssnCode: 'rssnna85d52a662x',
        cards: [],
      },
      accept1: true,
      accept2: true,
    });
    await signup(db, down.mailer, 'https://spesa.example.it', input);
    expect(down.calls()).toBe(1);
    const queued = await db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ recipient: 'smtp.giu@example.it', attempts: 1, sent_at: null });

    await deliverDue(db, down.mailer, at(new Date(), 30_000));
    expect(down.sent).toHaveLength(1);
    expect(down.sent[0]!.subject).toBe('Conferma la tua registrazione a Spesa online');
    expect(down.sent[0]!.text).toMatch(/https:\/\/spesa\.example\.it\/cli\/profiles\/confirm\?token=/);
  });

  it('the worker sends a queued mail within a fraction of a second of a kick, and stops', async () => {
    const server = mailServer();
    const worker = startMailWorker(db, server.mailer, { intervalMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 100)); // the sweep at start finds nothing
      await enqueueMail(db, mail('subito@example.it'));
      const kicked = Date.now();
      // As a service does after its commit: it has the database, not the worker.
      kickMailWorker(db);
      kickMailWorker(db);
      while (server.sent.length === 0 && Date.now() - kicked < 2_000) await new Promise((r) => setTimeout(r, 10));
      expect(Date.now() - kicked).toBeLessThan(1_000);
      expect(server.sent.map((m) => m.to)).toEqual(['subito@example.it']);
    } finally {
      await worker.stop();
    }
  });

  it("forgets a sent mail's row after a week, never an unsent one", async () => {
    const server = mailServer();
    const old = await enqueueMail(db, mail('vecchia@example.it'));
    const recent = await enqueueMail(db, mail('recente@example.it'));
    await deliverDue(db, server.mailer);
    const unsent = await enqueueMail(db, mail('in.attesa@example.it'), at(new Date(), 3_600_000));
    const now = new Date();
    await db
      .updateTable('mail_queue')
      .set({ sent_at: at(now, -8 * 86_400_000) })
      .where('id', '=', old)
      .execute();
    await forgetSentMail(db, now);
    const ids = (await db.selectFrom('mail_queue').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([recent, unsent]);
  });
});
