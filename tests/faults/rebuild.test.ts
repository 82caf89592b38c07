// The rebuild journey against PostgreSQL (npm run test:pg only:
// PGlite's directory is locked by the running shop, so `npm run rebuild`
// cannot open it beside one). A running shop serves its built site; a feed
// with a changed product description is imported with catalogue:import,
// then `npm run rebuild` builds the site anew and swaps it in. Meanwhile a
// loop of requests reads the shop's pages: none may fail or be half-built,
// and afterwards the product page shows the new description.
// Beside a shop on PGlite, `npm run rebuild` explains what to do instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { freePort, freshDatabase } from '../../scripts/bench-shop.helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'spesa-rebuild-'));
// The test's own site directory (dist/ of the checkout stays untouched); its
// builds land in .build/site-<name>-<stamp> and are removed afterwards.
const siteDir = join(work, `rebuildtest-${process.pid}`);
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
  REBUILD_INTERVAL_MINUTES: '0',
  SITE_BUILD: 'on',
});

/** Runs one of the project's scripts as `npm run` does, with its output kept for the failure message. */
function script(
  file: string,
  args: string[] = [],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: root,
      env: { ...env(), ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
}

const feed = generateCatalogue({ products: PRODUCTS });
// A product of the default store whose name needs no HTML escaping.
const product = feed.products.find(
  (p) =>
    /^[^&<>"']+$/.test(p.description) &&
    feed.prices.some((price) => price.storeId === 1109 && price.barcode === p.barcode),
)!;
const leaf = feed.categories.find((c) => c.id === product.categoryId)!;
const aisle = feed.categories.find((c) => c.id === leaf.parentId)!;
const department = feed.categories.find((c) => c.id === aisle.parentId)!;
const pages = [
  '/app/',
  `/app/category/${department.slug}/${aisle.slug}/${leaf.slug}/`,
  `/app/product/${product.barcode}/`,
  '/app/search/',
];
const newDescription = `${product.description} ricetta della nonna`;

beforeAll(async () => {
  const database = await freshDatabase(process.env['DATABASE_URL']!, 'spesa_rebuild');
  databaseUrl = database.url;
  dropDatabase = database.drop;

  port = await freePort();
  shop = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  shop.stdout!.on('data', (d: Buffer) => (shopLog += d.toString()));
  shop.stderr!.on('data', (d: Buffer) => (shopLog += d.toString()));
  // Ready once the first build is swapped in and the home page is served.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline && shop.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/app/`)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the shop did not serve its site:\n${shopLog}`);
}, 300_000);

afterAll(async () => {
  shop?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
  for (const entry of readdirSync(join(root, '.build'))) {
    if (entry.startsWith(`site-${basename(siteDir)}-`))
      rmSync(join(root, '.build', entry), { recursive: true, force: true });
  }
});

describe('importing a changed description and rebuilding beside a running shop', () => {
  it('changes the product page, and a request loop during the rebuild never sees an error or a half-built page', async () => {
    const before = await get(`/app/product/${product.barcode}/`);
    expect(before.status).toBe(200);
    expect(before.body).toContain(`<h1>${product.description}</h1>`);

    // A feed that differs in one product's description only.
    const changed = {
      ...feed,
      products: feed.products.map((p) => (p.barcode === product.barcode ? { ...p, description: newDescription } : p)),
    };
    const feedFile = join(work, 'catalogo.json');
    writeFileSync(feedFile, JSON.stringify(changed));
    const imported = await script('scripts/catalogue-import.ts', [feedFile]);
    expect(imported.code, imported.output).toBe(0);
    // The live API answers the new description at once; the static page still shows the old one.
    const live = (await (
      await fetch(`http://127.0.0.1:${port}/cli/ecommerce/products/barcode/${product.barcode}?store=1109`)
    ).json()) as { data: { description: string } };
    expect(live.data.description).toBe(newDescription);
    expect((await get(`/app/product/${product.barcode}/`)).body).toContain(`<h1>${product.description}</h1>`);

    // Read the pages over and over while `npm run rebuild` runs.
    const failures: string[] = [];
    const seen = { old: 0, new: 0, reads: 0 };
    let rebuilding = true;
    const reader = async (lane: number) => {
      for (let i = lane; rebuilding; i++) {
        const path = pages[i % pages.length]!;
        try {
          const page = await get(path);
          seen.reads++;
          if (page.status !== 200) failures.push(`${path}: ${page.status}`);
          else if (!/<\/html>\s*$/.test(page.body)) failures.push(`${path}: the page is cut short`);
          // Whole means its stylesheet and scripts are there too.
          const asset = /(?:href|src)="(\/app\/_astro\/[^"]+)"/.exec(page.body)?.[1];
          if (!asset) failures.push(`${path}: no asset referenced`);
          else if (
            (await fetch(`http://127.0.0.1:${port}${asset}`).then((r) => r.arrayBuffer().then(() => r.status))) !== 200
          )
            failures.push(`${asset} of ${path} missing`);
          if (path.startsWith('/app/product/')) {
            if (page.body.includes(`<h1>${newDescription}</h1>`)) seen.new++;
            else if (page.body.includes(`<h1>${product.description}</h1>`)) seen.old++;
            else failures.push(`${path}: neither description`);
          }
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
      }
    };
    const readers = [0, 1, 2].map(reader);
    const rebuilt = await script('scripts/rebuild.ts');
    // Keep reading a little after the swap: the new site must be whole too.
    await new Promise((r) => setTimeout(r, 500));
    rebuilding = false;
    await Promise.all(readers);

    expect(rebuilt.code, rebuilt.output).toBe(0);
    // (Or 'site sources changed' when the site's code changed meanwhile.)
    expect(rebuilt.output).toMatch(/Rebuilding the site \((catalogue|site sources) changed\): \d+ pages/);
    expect(failures).toEqual([]);
    expect(seen.old).toBeGreaterThan(0);
    expect(seen.new).toBeGreaterThan(0);
    expect(seen.reads).toBeGreaterThan(20);

    const after = await get(`/app/product/${product.barcode}/`);
    expect(after.status).toBe(200);
    expect(after.body).toContain(`<h1>${newDescription}</h1>`);

    // Nothing changed since: a second rebuild does nothing.
    const again = await script('scripts/rebuild.ts');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('nothing to rebuild');
  }, 300_000);
});

describe('npm run rebuild beside a shop running on PGlite', () => {
  it('says what to do instead of failing on the locked database', async () => {
    // A live process (this one) holds the PGlite directory, as a running shop does.
    const dataDir = join(work, 'pglite');
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    const result = await script('scripts/rebuild.ts', [], { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `the database in ${dataDir} is in use by the running shop (process ${process.pid})`,
    );
    expect(result.output).toContain('REBUILD_INTERVAL_MINUTES');
    expect(result.output).toContain('DATABASE_URL');
    expect(result.output).not.toMatch(/^\s+at /m);
  });
});
