// npm run start:prod with two API processes on a throw-away PostgreSQL
// database (docs/deploy.md): SIGHUP restarts them one at a time while
// shoppers keep calling, and no call fails; SIGTERM lets a call under way
// finish before the processes end. PostgreSQL lane only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort, freshDatabase, projectRoot } from '../../scripts/bench-shop.helpers.ts';
import { PRODUCTION_PLACEHOLDERS } from '../production-settings.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let shop: ChildProcess;
let port: number;
let output = '';
let exited: Promise<number | null>;

const production = (databaseUrl: string, portNumber: number) => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PORT: String(portNumber),
  HOST: '127.0.0.1',
  PROCESSES: '2',
  SITE_SERVE: 'off',
  PUBLIC_URL: 'https://spesa.example.it',
  // Nothing listens there: queued mail waits, and the shop serves on.
  SMTP_URL: 'smtp://127.0.0.1:9',
  ...PRODUCTION_PLACEHOLDERS,
});

async function untilUp(base: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${base}/cli/categories`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`start:prod did not answer in time:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function untilLogged(text: string, count: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (output.split(text).length - 1 < count) {
    if (Date.now() > until) throw new Error(`no "${text}" ×${count} in the log:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  database = await freshDatabase(process.env['DATABASE_URL']!, 'spesa_startprod');
  port = await freePort();
  const env = { ...process.env, DEMO_OPERATOR_PASSWORD: '', LOG_LEVEL: 'info', ...production(database.url, port) };
  shop = spawn(process.execPath, ['scripts/start-prod.ts'], { cwd: projectRoot, env, stdio: 'pipe' });
  shop.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shop.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => shop.once('exit', (code) => resolve(code)));
  await untilUp(`http://127.0.0.1:${port}`, 120_000);
  await untilLogged('listening on port', 2, 30_000);
}, 180_000);

afterAll(async () => {
  if (shop.exitCode === null) shop.kill('SIGKILL');
  await database?.drop();
});

describe('npm run start:prod with two API processes', () => {
  it('restarts them one at a time on SIGHUP while shoppers call, and no call fails', async () => {
    const base = `http://127.0.0.1:${port}`;
    const failures: string[] = [];
    let answered = 0;
    let calling = true;
    const caller = async () => {
      while (calling) {
        try {
          const res = await fetch(`${base}/cli/categories`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`HTTP ${res.status}`);
          else answered++;
        } catch (error) {
          failures.push(String((error as Error).cause ?? error));
        }
      }
    };
    const callers = Array.from({ length: 4 }, caller);
    await new Promise((r) => setTimeout(r, 500));
    shop.kill('SIGHUP');
    await untilLogged('All API processes restarted', 1, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    calling = false;
    await Promise.all(callers);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(50);
    // Two new processes started, and both old ones stopped cleanly.
    expect(output.split('listening on port').length - 1).toBe(4);
    expect(output.split('stopped cleanly').length - 1).toBe(2);
  });

  it('lets a call under way finish on SIGTERM, then every process ends', async () => {
    const body = JSON.stringify({ username: 'nessuno@example.it', password: 'Sbagliata-123' });
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // The call's body arrives slowly: half of it, the signal, then the rest.
    socket.write(
      `POST /cli/profiles/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    shop.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
    // The whole answer arrives: the wrong password refused as the shop always refuses it.
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { responseCode: number };
    expect(json).toMatchObject({ responseCode: 1, errorMessage: 'Credenziali errate' });
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped cleanly.');
    // Gone: nothing listens on the port any more.
    await expect(fetch(`http://127.0.0.1:${port}/cli/categories`)).rejects.toThrow();
  });
});
