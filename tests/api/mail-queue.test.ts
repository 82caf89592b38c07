// The mail queue (src/server/mail/queue.ts, migration 0019): a mail exists only
// if the change it tells about commits; a mail server that is down loses no
// mail, which goes out on a later attempt with a growing delay; two sweeps at
// once (two API processes on PostgreSQL) send each mail exactly once. Then the
// Italian mails of the order lifecycle (src/server/mail/order-mails.ts).
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
import {
  availabilityConfirmedMail,
  cancelledByStoreMail,
  confirmedInPreparationMail,
  holdRefusedMail,
  type OrderMailInput,
  orderExpiredMail,
  outForDeliveryMail,
  readyForPickupMail,
  waitingReminderMail,
} from '#src/server/mail/order-mails.ts';
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

const sample: OrderMailInput = {
  firstName: 'Anna',
  orderNumber: 'W00000012',
  code: null,
  storeDescription: 'Bari Japigia – Via Caldarola 12',
  slot: { validFrom: '2026-12-12T09:00:00Z', validTo: '2026-12-12T11:00:00Z' },
  total: 45.6,
  paymentMode: 'XPAY',
  deadline: '2026-12-11T17:30:00Z',
  changes: [
    { description: 'Latte fresco intero 1 l', outcome: 'UNAVAILABLE' },
    {
      description: 'Pane di Altamura DOP 500 g',
      outcome: 'SUBSTITUTED',
      substitute: { description: 'Pane casereccio 500 g', price: 2.1 },
    },
  ],
  link: 'https://spesa.example.it/app/profile/orders/12',
};
const facts = [
  'Ordine: W00000012',
  'Punto vendita: Bari Japigia – Via Caldarola 12',
  'Fascia oraria: sabato 12 dicembre 2026, dalle 10:00 alle 12:00',
  'Totale: 45,60\u00a0€',
];

describe('the mails of the order lifecycle', () => {
  it('availability confirmed, card: the changed rows, pay by the deadline in Rome, the link', () => {
    const m = availabilityConfirmedMail(sample);
    expect(m.subject).toBe('Disponibilità confermata: il tuo ordine W00000012');
    expect(m.text).toBe(
      [
        'Ciao Anna,',
        '',
        'il punto vendita ha controllato la disponibilità dei prodotti del tuo ordine W00000012.',
        '',
        'Alcuni prodotti sono cambiati: li trovi qui sotto.',
        '',
        "Per confermare l'ordine pagalo con la carta entro venerdì 11 dicembre 2026 alle 18:30: sulla carta viene bloccato il totale, e addebitato solo l'importo dei prodotti che ricevi.",
        '',
        ...facts,
        '',
        'Prodotti cambiati:',
        '- Latte fresco intero 1 l: Non disponibile',
        '- Pane di Altamura DOP 500 g: Sostituito con Pane casereccio 500 g — 2,10\u00a0€',
        '',
        "Paga dalla pagina dell'ordine:",
        'https://spesa.example.it/app/profile/orders/12',
        '',
        "Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera.",
        '',
        'Grazie per aver scelto Spesa online.',
        '',
      ].join('\n'),
    );
    expect(m.html).toContain('<li>Pane di Altamura DOP 500 g: Sostituito con Pane casereccio 500 g — 2,10\u00a0€</li>');
    expect(m.html).toContain('<a href="https://spesa.example.it/app/profile/orders/12">Paga l&#39;ordine</a>');
  });

  it('availability confirmed, cash, nothing changed: accept by the deadline, summer time in Rome', () => {
    const m = availabilityConfirmedMail({
      ...sample,
      paymentMode: 'CASH',
      changes: [],
      slot: { validFrom: '2026-07-04T16:00:00Z', validTo: '2026-07-04T18:00:00Z' },
      deadline: '2026-07-04T08:05:00Z',
    });
    expect(m.text).toContain('Tutti i prodotti sono disponibili.');
    expect(m.text).toContain(
      "Per confermare l'ordine accettalo entro sabato 4 luglio 2026 alle 10:05: pagherai in contanti quando ricevi la spesa.",
    );
    expect(m.text).toContain('Fascia oraria: sabato 4 luglio 2026, dalle 18:00 alle 20:00');
    expect(m.text).not.toContain('Prodotti cambiati');
    expect(m.text).toContain("Se non lo accetti in tempo, l'ordine scade");
  });

  it('confirmed within the shopper’s choices: in preparation, with the pickup code; the card held, or cash to pay', () => {
    const card = confirmedInPreparationMail({ ...sample, code: '482913' });
    expect(card.subject).toBe('Ordine confermato: è in preparazione (W00000012)');
    expect(card.text).toContain(
      'il punto vendita ha confermato il tuo ordine W00000012: è in preparazione, non devi fare nulla.',
    );
    expect(card.text).toContain(
      'Alcuni prodotti sono cambiati come avevi scelto al momento della prenotazione: li trovi qui sotto.',
    );
    expect(card.text).toContain(
      "Sulla tua carta abbiamo bloccato il totale: viene addebitato solo l'importo dei prodotti che ricevi.",
    );
    expect(card.text).toContain('Ordine: W00000012\nCodice di ritiro: 482913\nPunto vendita: Bari Japigia');
    expect(card.text).toContain('- Latte fresco intero 1 l: Non disponibile');
    expect(card.text).toContain(
      "I dettagli sono nella pagina dell'ordine:\nhttps://spesa.example.it/app/profile/orders/12",
    );
    const cash = confirmedInPreparationMail({ ...sample, code: '482913', paymentMode: 'CASH', changes: [] });
    expect(cash.text).toContain('Tutti i prodotti sono disponibili.');
    expect(cash.text).toContain('Pagherai in contanti al ritiro o alla consegna.');
    // The way the order reaches the shopper, when the mail knows it.
    expect(confirmedInPreparationMail({ ...sample, paymentMode: 'CASH', pickup: true }).text).toContain(
      'Pagherai in contanti al ritiro.',
    );
    expect(confirmedInPreparationMail({ ...sample, paymentMode: 'BANCOMAT', pickup: false }).text).toContain(
      'Pagherai con il bancomat alla consegna.',
    );
    expect(cash.text).not.toContain('Prodotti cambiati');
    expect(cash.text).not.toContain('carta');
  });

  it('the hold on the linked card refused: pay with 3-D Secure by the deadline in Rome', () => {
    const m = holdRefusedMail(sample);
    expect(m.subject).toBe('Paga il tuo ordine W00000012: la carta non è stata accettata');
    expect(m.text).toContain(
      'il punto vendita ha confermato il tuo ordine W00000012, ma non siamo riusciti a bloccare il totale sulla carta associata.',
    );
    expect(m.text).toContain(
      "Per confermare l'ordine pagalo entro venerdì 11 dicembre 2026 alle 18:30 con la verifica della tua banca (3-D Secure)",
    );
    expect(m.text).toContain(facts.join('\n'));
    expect(m.text).toContain("Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera.");
    expect(m.html).toContain('<a href="https://spesa.example.it/app/profile/orders/12">Paga l&#39;ordine</a>');
  });

  it('the reminder of an order waiting for the shopper: pay it (card) or accept it (cash, bancomat) by the deadline in Rome', () => {
    const card = waitingReminderMail(sample);
    expect(card.subject).toBe('Il tuo ordine W00000012 ti aspetta: pagalo entro venerdì 11 dicembre 2026 alle 18:30');
    expect(card.text).toContain(
      "Pagalo entro venerdì 11 dicembre 2026 alle 18:30: dopo, l'ordine scade e la fascia oraria prenotata torna libera.",
    );
    expect(card.html).toContain('<a href="https://spesa.example.it/app/profile/orders/12">Paga l&#39;ordine</a>');
    const bancomat = waitingReminderMail({ ...sample, paymentMode: 'BANCOMAT', deadline: '2026-07-04T08:05:00Z' });
    expect(bancomat.subject).toBe(
      'Il tuo ordine W00000012 ti aspetta: accettalo entro sabato 4 luglio 2026 alle 10:05',
    );
    expect(bancomat.text).toContain("Accetta dalla pagina dell'ordine:");
    expect(bancomat.html).toContain(
      '<a href="https://spesa.example.it/app/profile/orders/12">Accetta l&#39;ordine</a>',
    );
  });

  it('ready for pickup, with the pickup code; out for delivery, paid by bancomat at the door', () => {
    const ready = readyForPickupMail({ ...sample, code: '482913', paymentMode: 'CASH' });
    expect(ready.subject).toBe('Il tuo ordine è pronto per il ritiro (W00000012)');
    expect(ready.text).toContain('il tuo ordine W00000012 è pronto per il ritiro.');
    expect(ready.text).toContain('Ordine: W00000012\nCodice di ritiro: 482913\nPunto vendita: Bari Japigia');
    expect(ready.text).toContain('Pagherai in contanti al ritiro.');
    const out = outForDeliveryMail({ ...sample, paymentMode: 'BANCOMAT' });
    expect(out.subject).toBe('Il tuo ordine è in consegna (W00000012)');
    expect(out.text).toContain('il tuo ordine W00000012 è in consegna: arriva nella fascia oraria che hai prenotato.');
    expect(out.text).toContain('Pagherai con il bancomat alla consegna.');
    expect(out.text).toContain(facts.join('\n'));
  });

  it('expired: the slot is free again; cancelled by the store: the card hold is released', () => {
    const expired = orderExpiredMail(sample);
    expect(expired.subject).toBe('Il tuo ordine è scaduto (W00000012)');
    expect(expired.text).toContain(
      'il tuo ordine W00000012 è scaduto: non è stato confermato, pagato o accettato entro il tempo previsto.',
    );
    expect(expired.text).toContain(
      'La fascia oraria che avevi prenotato (sabato 12 dicembre 2026, dalle 10:00 alle 12:00) è di nuovo libera.',
    );
    const cancelled = cancelledByStoreMail(sample);
    expect(cancelled.subject).toBe('Il tuo ordine è stato annullato dal punto vendita (W00000012)');
    expect(cancelled.text).toContain(
      "L'importo bloccato sulla tua carta è stato sbloccato: non viene addebitato nulla.",
    );
    expect(cancelledByStoreMail({ ...sample, paymentMode: 'CASH' }).text).toContain('Non devi pagare nulla.');
  });

  it('escapes every value in the HTML, and the text keeps them as they are', () => {
    const m = cancelledByStoreMail({
      ...sample,
      firstName: '<b>Anna</b> & "Co"',
      storeDescription: "Bari <script>alert('x')</script>",
      link: 'https://spesa.example.it/app/profile/orders/12?a=1&b="2"',
    });
    expect(m.html).toContain('<p>Ciao &lt;b&gt;Anna&lt;/b&gt; &amp; &quot;Co&quot;,</p>');
    expect(m.html).toContain('<td>Bari &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</td>');
    expect(m.html).toContain('href="https://spesa.example.it/app/profile/orders/12?a=1&amp;b=&quot;2&quot;"');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain('Ciao <b>Anna</b> & "Co",');
  });
});
