// A running shop brings a catalogue change to its static pages by itself
// (PostgreSQL lane only: the import runs beside the shop). The shop checks
// the catalogue version every REBUILD_INTERVAL_MINUTES (here 0.05 = 3 s);
// after an import with a changed description the product page shows it
// within the interval plus one build, with no `npm run rebuild`, and the
// next checks build nothing while the catalogue stays the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { freePort, freshDatabase } from '../../scripts/bench-shop.helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'spesa-rebuild-timer-'));
const siteDir = join(work, `rebuildtimer-${process.pid}`);
const PRODUCTS = 60;
let databaseUrl = '';
let dropDatabase = async () => {};
let port = 0;
let shop: ChildProcess | undefined;
let shopLog = '';

const env = () => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  SITE_DIR: siteDir,
  CATALOGUE_PRODUCTS: String(PRODUCTS),
  PORT: String(port),
  HOST: '127.0.0.1',
  REBUILD_INTERVAL_MINUTES: '0.05',
  SITE_BUILD: 'on',
});
const page = (path: string) =>
  fetch(`http://127.0.0.1:${port}${path}`)
    .then((r) => r.text())
    .catch(() => '');

const feed = generateCatalogue({ products: PRODUCTS });
const product = feed.products.find(
  (p) =>
    /^[^&<>"']+$/.test(p.description) &&
    feed.prices.some((price) => price.storeId === 1109 && price.barcode === p.barcode),
)!;
const newDescription = `${product.description} della casa`;

beforeAll(async () => {
  const database = await freshDatabase(process.env['DATABASE_URL']!, 'spesa_rebuild_timer');
  databaseUrl = database.url;
  dropDatabase = database.drop;
  port = await freePort();
  shop = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  shop.stdout!.on('data', (d: Buffer) => (shopLog += d.toString()));
  shop.stderr!.on('data', (d: Buffer) => (shopLog += d.toString()));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && shop.exitCode === null) {
    if ((await page(`/app/product/${product.barcode}/`)).includes(`<h1>${product.description}</h1>`)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the shop did not serve its site:\n${shopLog}`);
}, 300_000);

afterAll(async () => {
  shop?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
  // The shop's builds land in .build/site-<name>-<stamp>.
  for (const entry of readdirSync(join(root, '.build'))) {
    if (entry.startsWith(`site-${basename(siteDir)}-`))
      rmSync(join(root, '.build', entry), { recursive: true, force: true });
  }
}, 60_000);

describe('a running shop after a catalogue import', () => {
  it('shows the new description on the static product page by itself, then builds nothing more', async () => {
    const changed = {
      ...feed,
      products: feed.products.map((p) => (p.barcode === product.barcode ? { ...p, description: newDescription } : p)),
    };
    const feedFile = join(work, 'catalogo.json');
    writeFileSync(feedFile, JSON.stringify(changed));
    const imported = await new Promise<number | null>((resolve) => {
      spawn(process.execPath, ['scripts/catalogue-import.ts', feedFile], {
        cwd: root,
        env: env(),
        stdio: 'ignore',
      }).once('exit', resolve);
    });
    expect(imported).toBe(0);
    const started = Date.now();
    let shown = false;
    while (!shown && Date.now() - started < 180_000) {
      shown = (await page(`/app/product/${product.barcode}/`)).includes(`<h1>${newDescription}</h1>`);
      if (!shown) await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (Date.now() - started) / 1000;
    expect(shown, shopLog).toBe(true);
    expect(shopLog).toMatch(/Building the site \(catalogue changed\)/);
    // Three more checks with the same catalogue: no build.
    const builds = shopLog.match(/Building the site/g)!.length;
    await new Promise((r) => setTimeout(r, 10_000));
    expect(shopLog.match(/Building the site/g)!.length).toBe(builds);
    console.log(`[rebuild-timer] the static page changed ${seconds.toFixed(1)} s after the import`);
  }, 240_000);
});
