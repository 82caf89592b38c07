// What the people running the shop see of it (docs/architecture.md, Operations):
// liveness and readiness, the JSON log with its request ids and nothing personal
// in it, and the Prometheus metrics behind their token. On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { openDb } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { createLogger } from '#src/server/logger.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { enqueueMail } from '#src/server/mail/queue.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { createTestShop, openTestDatabase, type TestShop } from './harness.ts';
import { post } from './shoppers.ts';

const UNAVAILABLE = 'Servizio momentaneamente non disponibile: riprova tra qualche istante.';
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The app of an open database handle, as createTestShop makes it. */
function appOf(handle: Awaited<ReturnType<typeof openDb>>) {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const db = handle.db;
  return createApp({ db, config, mailer: createMailer(db, undefined, 't'), orderEvents: createOrderEventHub(handle) });
}

describe('liveness and readiness', () => {
  it('a started shop is alive and ready', async () => {
    const shop = await createTestShop();
    try {
      expect((await shop.request('/cli/health')).body).toEqual({ responseCode: 0, data: { status: 'ok' } });
      const ready = await shop.request('/cli/ready');
      expect(ready).toEqual({ status: 200, body: { responseCode: 0, data: { status: 'ready' } } });
    } finally {
      await shop.close();
    }
  });

  it('is not ready before the migrations ran, and ready after', async () => {
    const fresh = await openTestDatabase();
    try {
      const app = await appOf(fresh.handle);
      const before = await app.request('/cli/ready');
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({
        responseCode: 4000,
        errorMessage: UNAVAILABLE,
        requestId: before.headers.get('x-request-id'),
      });
      await migrate(fresh.handle);
      expect((await app.request('/cli/ready')).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('answers 503 once the database is closed, and stays alive', async () => {
    const shop = await createTestShop();
    try {
      expect((await shop.request('/cli/ready')).status).toBe(200);
      await shop.handle.close();
      const ready = await shop.app.request('/cli/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect((await ready.json()).errorMessage).toBe(UNAVAILABLE);
      expect((await shop.request('/cli/health')).status).toBe(200);
    } finally {
      await shop.close().catch(() => {});
    }
  });

  it('answers 503 within its timeout when the PostgreSQL server is not there', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const handle = await openDb({ databaseUrl: 'postgres://app@127.0.0.1:9/postgres' });
    try {
      const started = performance.now();
      const ready = await (await appOf(handle)).request('/cli/ready');
      expect(ready.status).toBe(503);
      expect((await ready.json()).errorMessage).toBe(UNAVAILABLE);
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await handle.close().catch(() => {});
    }
  });
});

describe('the JSON log', () => {
  const lines: string[] = [];
  let shop: TestShop;
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    shop = await createTestShop({ logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(() => shop.close());

  it('has one line per request with its route pattern, status, time and id, sent back as X-Request-Id', async () => {
    lines.length = 0;
    const answer = await shop.app.request('/cli/ecommerce/products/barcode/8000000000000');
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = entries();
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: id,
      method: 'GET',
      route: '/cli/ecommerce/products/barcode/:barcode',
      status: answer.status,
    });
    expect(typeof line!['ms']).toBe('number');
    expect(lines).toHaveLength(1);
  });

  it("takes the caller's X-Request-Id when it is a short safe token, and makes its own otherwise", async () => {
    const kept = await shop.app.request('/cli/health', { headers: { 'X-Request-Id': 'lb-7f3a9c21e0' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c21e0');
    for (const unsafe of ['a b c d e f g h', 'x'.repeat(65), 'short', '<script>alert(1)</script>']) {
      const made = await shop.app.request('/cli/health', { headers: { 'X-Request-Id': unsafe } });
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the request id in every error answer', async () => {
    const missing = await shop.app.request('/cli/no-such-call');
    expect(missing.status).toBe(404);
    expect((await missing.json()).requestId).toBe(missing.headers.get('x-request-id'));
    const refused = await shop.app.request('/cli/profiles/login', post({ username: 'x@example.it', password: 'no' }));
    const body = await refused.json();
    expect(body.responseCode).not.toBe(0);
    expect(body.requestId).toBe(refused.headers.get('x-request-id'));
  });

  it('never holds an e-mail address, a password, a session token or a link token', async () => {
    lines.length = 0;
    const email = 'giovanna.esposito+log@example.it';
    const password = 'Friselle-2026!';
    await shop.request(
      '/cli/profiles/signup',
      post({
        username: email,
        password,
        profile: {
          firstName: 'Giovanna',
          lastName: 'Esposito',
          birthDate: '1990-02-03',
          mobilePhone: '3339876543',
          ssnCode: 'SPSGNN90B43A662K',
          cards: [],
        },
        accept1: true,
        accept2: true,
      }),
    );
    const mail = (await shop.request(`/dev/outbox?to=${encodeURIComponent(email)}`)).body.messages[0];
    const link = new URL(/(http\S+)/.exec(mail.text)![1]!);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(16);
    expect((await shop.app.request(`${link.pathname}${link.search}`)).status).toBe(302);
    const login = await shop.request('/cli/profiles/login', post({ username: email, password }));
    const jwt = login.body.data.jwt as string;
    // A failing call: a wrong password, and a call with the session but a bad body.
    await shop.request('/cli/profiles/login', post({ username: email, password: 'Sbagliata-2026!' }));
    await shop.request('/cli/ecommerce/cart/store', { ...post('{', jwt), body: '{' });
    await shop.request(`/cli/profiles/confirm?token=${token}`);

    const log = lines.join('');
    expect(entries().map((e) => e['route'])).toEqual([
      '/cli/profiles/signup',
      '/dev/outbox',
      '/cli/profiles/confirm',
      '/cli/profiles/login',
      '/cli/profiles/login',
      '/cli/ecommerce/cart/store',
      '/cli/profiles/confirm',
    ]);
    for (const secret of [email, encodeURIComponent(email), 'giovanna', password, jwt, jwt.split('.')[2]!, token])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/token=|Bearer|authorization|cookie/i);
  });

  it('masks e-mail addresses and tokens in the error messages it logs', async () => {
    const { scrub } = await import('#src/server/logger.ts');
    expect(scrub('550 <anna.rossi@example.it> refused, see https://x.it/c?token=abc123&x=1 Bearer eyJ.a.b')).toBe(
      '550 <<e-mail>> refused, see https://x.it/c?token=<token>&x=1 Bearer <token>',
    );
  });
});

describe('the metrics endpoint', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { METRICS_TOKEN } });
  });
  afterAll(() => shop.close());
  const scrape = (authorization?: string) =>
    shop.app.request('/metrics', authorization ? { headers: { Authorization: authorization } } : {});

  it('shows the requests by route pattern, the database in use, the queued mails and the process', async () => {
    await shop.app.request('/cli/ecommerce/products/barcode/8000000000000');
    await shop.app.request('/cli/ecommerce/products/barcode/8000000000001');
    await enqueueMail(shop.handle.db, { to: 'coda@example.it', subject: 'In coda', text: 'testo' });
    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    const product =
      /spesa_http_requests_total\{method="GET",route="\/cli\/ecommerce\/products\/barcode\/:barcode",status="(\d+)"\} (\d+)/;
    expect(text).toMatch(product);
    expect(Number(product.exec(text)![2])).toBe(2);
    expect(text).toMatch(
      /spesa_http_request_duration_seconds_count\{method="GET",route="\/cli\/ecommerce\/products\/barcode\/:barcode",status="\d+"\} 2/,
    );
    expect(text).not.toContain('8000000000000');
    expect(text).toMatch(/^spesa_mail_queue_unsent 1$/m);
    expect(text).toMatch(/^spesa_db_statements_in_flight \d+$/m);
    expect(text).toMatch(/^spesa_db_transactions_open 0$/m);
    expect(text).toMatch(/^spesa_db_pool_size [1-9]\d*$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).not.toContain('coda@example.it');
  });

  it('is not there without the token, with a wrong one, or when no token is set', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
      const answer = await scrape(header);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('Pagina non trovata');
    }
    const closed = await createTestShop();
    try {
      const answer = await closed.app.request('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
