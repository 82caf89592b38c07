// What the measuring scripts (bench:api, audit:pages) share: start the shop
// as a child process on a port of its own, give it a fresh PostgreSQL
// database when DATABASE_URL is set, and make logged-in shoppers over HTTP
// the way a browser would (signup → mailed link → login).
import { appendFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

export const projectRoot = new URL('../', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface StartedShop {
  url: string;
  /** The shop's process id (soak reads its memory from /proc). */
  pid: number;
  /** SIGTERM (the shop closes its server and database), SIGKILL after 30 s. */
  stop(): Promise<void>;
}

/**
 * Starts `node scripts/start.ts` with `env` on top of ours (undefined: unset) and waits until it is
 * ready: /cli/ready answers 200 and, unless SITE_BUILD=off, the site is built (/app/ no longer answers
 * its 503 "preparing" page). Its log is quiet (LOG_LEVEL=warn: no line per request) unless LOG_LEVEL is given.
 */
export async function startShop(
  env: Record<string, string | undefined>,
  timeoutMs = 10 * 60_000,
): Promise<StartedShop> {
  const port = Number(env['PORT'] ?? (await freePort()));
  const given = {
    ...process.env,
    HOST: '127.0.0.1',
    SMTP_URL: undefined, // no SMTP: shoppers confirm through the development outbox
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    ...env,
    PORT: String(port),
  };
  const childEnv = Object.fromEntries(Object.entries(given).filter((e): e is [string, string] => e[1] !== undefined));
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - 40));
  };
  child.stderr!.on('data', keep);
  // SHOP_LOG=<file> keeps all the shop's output (e.g. V8's GC trace), not only its last lines.
  const logFile = process.env['SHOP_LOG'];
  if (logFile) child.stdout!.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not get ready within ${timeoutMs / 1000} s`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The shop ${why}. Its last lines:\n${log.join('\n')}`));
    };
    child.stdout!.on('data', keep);
    child.once('exit', (code, signal) => fail(`exited during start-up (${signal ?? `exit ${code}`})`));
    // Polled every 200 ms: the readiness call (migrated, database answering), then the site.
    const answers = async (path: string) => {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' }).catch(() => null);
      await answer?.body?.cancel();
      return answer?.status === 200;
    };
    const poll = async () => {
      if ((await answers('/cli/ready')) && (childEnv['SITE_BUILD'] === 'off' || (await answers('/app/')))) {
        clearTimeout(timer);
        resolve();
      } else if (child.exitCode === null && child.signalCode === null) setTimeout(() => void poll(), 200);
    };
    void poll();
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh database on the server of `adminUrl`, and a way to drop it afterwards. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface Envelope<T = unknown> {
  responseCode: number;
  data: T;
  errorMessage?: string;
}

/** One /cli call (GET without a body, POST with one) that must succeed. */
export async function cli<T = unknown>(base: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (!res.ok || answer.responseCode !== 0)
    throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.data;
}

export interface LoggedIn {
  jwt: string;
  profile: Record<string, unknown>;
}

/** A registered, confirmed, logged-in shopper (needs the development outbox). */
export async function shopper(base: string, email: string, password = 'Orecchiette1!'): Promise<LoggedIn> {
  await cli(base, '/cli/profiles/signup', {
    username: email,
    password,
    profile: {
      firstName: 'Anna',
      lastName: 'Rossi',
      birthDate: '1985-04-12',
      mobilePhone: '3331234567',
      ssnCode: 'RSSNNA85D52A662X',
      cards: [],
    },
    accept1: true,
    accept2: true,
  });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string }[];
  };
  const link = /(http\S+)/.exec(outbox.messages[0]?.text ?? '')?.[1];
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const confirm = new URL(link);
  await fetch(`${base}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
  return cli<LoggedIn>(base, '/cli/profiles/login', { username: email, password });
}
