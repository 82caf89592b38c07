// The API survives losing its database: a PostgreSQL server of its own is
// restarted (pg_ctl restart -m fast) while shoppers read the catalogue and
// write to their carts. The API process keeps running, answers 503 with the
// JSON envelope and an Italian message while the server is away (never 500,
// never a dropped connection), answers 200 again by itself once it is back,
// and no write it acknowledged is lost. PostgreSQL lane only (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, freePort, shopper, startShop, type StartedShop } from '../../scripts/bench-shop.helpers.ts';

const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'spesa-pg-restart-'));
const dataDir = join(dir, 'data');
let bin = '';
let port = 0;
let shop: StartedShop | undefined;

function run(command: string, args: string[]): Promise<number | null> {
  const [file, argv] = isRoot
    ? ['su', ['postgres', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')]]
    : [command, args];
  return new Promise((resolve) => spawn(file, argv as string[], { stdio: 'ignore' }).once('exit', resolve));
}
const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);

beforeAll(async () => {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => existsSync(join('/usr/lib/postgresql', v, 'bin', 'initdb')))
    .sort();
  bin = join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
  if (isRoot) {
    const id = (flag: string) =>
      new Promise<number>((resolve) => {
        const p = spawn('id', [flag, 'postgres']);
        let out = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.once('exit', () => resolve(Number(out.trim())));
      });
    chownSync(dir, await id('-u'), await id('-g'));
  }
  port = await freePort();
  expect(
    await run(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'app',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]),
  ).toBe(0);
  expect(await pgCtl('-o', `-h 127.0.0.1 -p ${port} -k ${dir}`, '-l', join(dir, 'server.log'), '-w', 'start')).toBe(0);
  shop = await startShop(
    {
      DATABASE_URL: `postgres://app@127.0.0.1:${port}/postgres`,
      SITE_BUILD: 'off',
      NODE_ENV: 'development',
      CATALOGUE_PRODUCTS: '120',
      REBUILD_INTERVAL_MINUTES: '0',
      IP_RATE_LIMIT_MULTIPLIER: '1000',
      CATALOGUE_CACHE_ENTRIES: '0',
    },
    180_000,
  );
}, 240_000);

afterAll(async () => {
  await shop?.stop();
  await pgCtl('-m', 'immediate', '-w', 'stop');
  rmSync(dir, { recursive: true, force: true });
});

describe('a PostgreSQL restart in the middle of a burst', () => {
  it('keeps the API running: 503 in the envelope meanwhile, 200 again after, no acknowledged write lost', async () => {
    const base = shop!.url;
    const { jwt } = await shopper(base, 'restart@example.it');
    const cart = await cli<{ id: number }>(
      base,
      '/cli/ecommerce/cart/open',
      { storeId: 1109, deliveryMode: 'IN_STORE' },
      jwt,
    );
    type Page = { data: { barcode: string; um: string; available: boolean; description: string }[] };
    const pieces = (await cli<Page>(base, '/cli/ecommerce/products/1109/?s=100')).data
      .filter((p) => p.um === 'PZ' && p.available && !/acqua/i.test(p.description))
      .map((p) => p.barcode)
      .slice(0, 30);

    const statuses = new Map<number, number>();
    const acknowledged = new Map<string, number>();
    const bad: string[] = [];
    let stop = false;
    const note = async (res: Response) => {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = (await res.json()) as { responseCode: number; errorMessage?: string };
      if (res.status === 503 && (body.responseCode !== 4000 || !/non disponibile/.test(body.errorMessage ?? '')))
        bad.push(JSON.stringify(body));
      if (res.status !== 200 && res.status !== 503) bad.push(`${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const reader = async () => {
      while (!stop)
        await note(await fetch(`${base}/cli/ecommerce/products/1109/?category=01&p=0`)).catch((e: unknown) =>
          bad.push(`read: ${String(e)}`),
        );
    };
    const writer = async () => {
      let n = 0;
      while (!stop) {
        const barcode = pieces[n % pieces.length]!;
        const amount = 1 + (Math.floor(n / pieces.length) % 5);
        n++;
        try {
          const res = await fetch(`${base}/cli/ecommerce/cart/store`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
            body: JSON.stringify({ cartId: cart.id, barcode, amount }),
          });
          const body = await note(res);
          if (res.status === 200 && body.responseCode === 0) acknowledged.set(barcode, amount);
        } catch (e) {
          bad.push(`write: ${String(e)}`);
        }
      }
    };
    const load = Promise.all([reader(), reader(), writer()]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await pgCtl('-m', 'fast', '-w', 'restart')).toBe(0);
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await load;

    expect(bad).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);
    // The burst did meet the outage (else this test proves nothing).
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    // The process is still up and answers by itself.
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await fetch(`${base}/cli/ecommerce/products/1109/?category=01`)).status;
      if (back !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(back).toBe(200);
    // Every write the API acknowledged is in the cart, with its last acknowledged amount.
    const current = await cli<{ items: { barcode: string; amount: number | null }[] }>(
      base,
      '/cli/ecommerce/cart/current',
      undefined,
      jwt,
    );
    const inCart = new Map(current.items.map((i) => [i.barcode, i.amount]));
    for (const [barcode, amount] of acknowledged) expect(inCart.get(barcode), barcode).toBe(amount);
    expect(acknowledged.size).toBeGreaterThan(0);
  });
});
