// The shop's real API over a fresh database, for the integration tests in
// tests/api: PGlite in memory by default; a database of its own on the
// PostgreSQL server named by DATABASE_URL when that is set (npm run test:pg),
// so test files running in parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { openDb, type DbHandle, type DbOptions } from '#src/server/db/client.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { createMailer, smtpOptions } from '#src/server/mail/mailer.ts';
import type { Logger } from '#src/server/logger.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { forgetCatalogueVersion } from '#src/server/catalogue-version.ts';
import { sql } from 'kysely';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { allEndpoints } from '#src/shared/contract/endpoints.ts';

export interface TestShop {
  app: Awaited<ReturnType<typeof createApp>>;
  handle: DbHandle;
  /** The database's URL on the PostgreSQL lane (a second process's view of it); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The app's settings (a second app over the same database takes them). */
  config: ReturnType<typeof loadConfig>;
  /** Calls the app in-process; the body is parsed JSON, or the text when it is not JSON. */
  request(path: string, init?: RequestInit): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * After a test changed catalogue rows by hand (a price, a promotion): records a
 * new catalogue version, as an import does with the same change. The shop
 * keys what it keeps of the catalogue by that version (the catalogue cache,
 * the listing counts, the cart's memo of product sides).
 */
export async function catalogueChanged(shop: TestShop): Promise<void> {
  await sql`INSERT INTO catalogue_meta (key, value) VALUES ('version', ${randomBytes(8).toString('hex')})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(shop.handle.db);
  forgetCatalogueVersion(shop.handle.db);
}

interface ServerDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates spesa_t_<random> on the server of serverUrl and says how to drop it. */
async function createServerDatabase(serverUrl: string): Promise<ServerDatabase> {
  const name = `spesa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh, empty database of the engine under test (PGlite in memory, or a
 * database of its own on DATABASE_URL's server); close() also drops the latter.
 */
export async function openTestDatabase(
  options: Pick<DbOptions, 'poolSize'> = {},
): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  const serverUrl = process.env['DATABASE_URL'];
  const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  const handle = await openDb({ ...options, databaseUrl: server?.url });
  return {
    handle,
    async close() {
      await handle.close();
      await server?.drop();
    },
  };
}

/** Each call of the contract as a pattern of its path; the ones with fewer parameters first ('/slists/copy' before '/slists/:id'). */
const callPatterns = allEndpoints
  .map((e) => ({
    endpoint: e,
    method: e.method.toUpperCase(),
    params: (e.path.match(/:/g) ?? []).length,
    path: new RegExp(`^${API_PREFIX}${e.path.replace(/\/$/, '').replace(/:\w+(\{[^}]*\})?/g, '[^/]+')}/?$`),
  }))
  .sort((a, b) => a.params - b.params);

/** Where a parsed value differs from the value sent (keys the schema drops aside), or null. */
export function changedByParse(parsed: unknown, sent: unknown, at: string): string | null {
  if (Array.isArray(parsed)) {
    if (!Array.isArray(sent) || sent.length !== parsed.length) return at;
    for (const [i, item] of parsed.entries()) {
      const changed = changedByParse(item, sent[i], `${at}[${i}]`);
      if (changed) return changed;
    }
    return null;
  }
  if (typeof parsed === 'object' && parsed !== null) {
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return at;
    for (const [key, value] of Object.entries(parsed)) {
      if (!(key in sent) && value !== undefined) return `${at}.${key} (not sent)`;
      const changed = changedByParse(value, (sent as Record<string, unknown>)[key], `${at}.${key}`);
      if (changed) return changed;
    }
    return null;
  }
  return Object.is(parsed, sent) ? null : at;
}

/**
 * Every successful answer a test gets through request() is checked against
 * the contract (shared/contract/endpoints.ts): its data must be what the
 * call's output schema says, so the server cannot drift from what the browser
 * parses without a test failing.
 */
export function checkAnswer(path: string, method: string, status: number, body: unknown): void {
  const code = (body as { responseCode?: unknown } | null)?.responseCode;
  if (status !== 200 || typeof body !== 'object' || body === null || (code !== 0 && code !== 4105)) return;
  const { pathname } = new URL(path, 'http://shop.test');
  const calls = callPatterns.filter((c) => c.method === method.toUpperCase() && c.path.test(pathname));
  // One path may be two calls told apart by the body (cart/abort: a cart, or with orderId an order): either will do.
  const same = calls.filter((c) => c.params === calls[0]?.params);
  // A 4105 (prices changed) carries the data of the contract's `changed`; only the calls that declare one give it.
  const outputs = same.flatMap((c) => (code === 0 ? (c.endpoint.output ?? []) : (c.endpoint.changed ?? [])));
  if (code === 4105 && outputs.length === 0 && same.length > 0)
    throw new Error(
      `${method.toUpperCase()} ${pathname} answered 4105, which its contract entry does not declare (changed)`,
    );
  if (outputs.length === 0) return;
  const sent = (body as { data: unknown }).data;
  const results = outputs.map((output) => output.safeParse(sent));
  const parsed = results.find((r) => r.success);
  if (parsed) {
    // The browser takes the data as it comes (lib/api-client.ts does not parse it again):
    // the contract's parse must find nothing to fill in or convert.
    const changed = changedByParse(parsed.data, sent, 'data');
    if (changed)
      throw new Error(
        `${method.toUpperCase()} ${pathname}: the contract's parse changes ${changed}: the server must send it as parsed`,
      );
    return;
  }
  throw new Error(
    `${method.toUpperCase()} ${pathname} answered data the contract does not allow: ${JSON.stringify(results[0]?.error?.issues.slice(0, 5))}`,
  );
}

/**
 * Every error answer carries the request's id, the same as its X-Request-Id header (request-log.ts);
 * checked here, then taken out of the body the test sees, so tests compare the envelope itself.
 */
export function checkRequestId(response: Response, body: unknown): void {
  if (typeof body !== 'object' || body === null || !('errorMessage' in body)) return;
  const header = response.headers.get('x-request-id');
  const answer = body as { requestId?: unknown };
  if (!header || answer.requestId !== header)
    throw new Error(`error answer without its request id: header ${header}, body ${String(answer.requestId)}`);
  delete answer.requestId;
}

export async function createTestShop(
  opts: {
    products?: number;
    /** Settings on top of the test environment's; SMTP_URL here (only) sends the shop's mail over SMTP. */
    env?: Record<string, string>;
    /** Where the app logs its requests and errors (a test reading the log passes its own). */
    logger?: Logger;
  } = {},
): Promise<TestShop> {
  const serverUrl = process.env['DATABASE_URL'];
  const server = serverUrl ? await createServerDatabase(serverUrl) : undefined;
  let handle: DbHandle | undefined;
  try {
    handle = await openDb({ databaseUrl: server?.url });
    await migrate(handle);
    await seedIfEmpty(handle, { products: opts.products ?? 200 });
  } catch (error) {
    await handle?.close().catch(() => {});
    await server?.drop().catch(() => {});
    throw error;
  }
  const db = handle.db;
  const config = loadConfig({ ...process.env, ...opts.env, DATABASE_URL: server?.url, NODE_ENV: 'test' });
  const orderEvents = createOrderEventHub(handle);
  const mailer = createMailer(db, opts.env?.['SMTP_URL'], 'test@spesa', smtpOptions(config));
  const app = await createApp({ db, config, mailer, orderEvents, ...(opts.logger ? { logger: opts.logger } : {}) });
  const openHandle = handle;
  let closed = false;
  return {
    app,
    handle: openHandle,
    databaseUrl: server?.url,
    config,
    async request(path, init) {
      const response = await app.request(path, init);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON (a redirect page, an HTML error): the test sees the text.
      }
      checkRequestId(response, body);
      checkAnswer(path, init?.method ?? 'GET', response.status, body);
      return { status: response.status, body };
    },
    async close() {
      if (closed) return;
      closed = true;
      await orderEvents.close();
      await openHandle.close();
      await server?.drop();
    },
  };
}
