// npm run audit:pages — Lighthouse 13 (mobile preset) and axe on the shop's
// main pages in headless Chromium. Starts its own shop (400 products, its own
// port, data and site under .build/) unless AUDIT_URL points at a running one.
// Cart, checkout and profile are audited twice: as a visitor, and logged in
// (a real shopper with a cart, 'spesa.user' put in localStorage first).
// Beside the figures it prints the pages' targets and whether each is met
// (docs/performance.md, Pages). "JS kB" is the JavaScript transferred (gzip,
// as the shop serves it) while Lighthouse loads the page with no interaction:
// every script of the page up to network quiet, including islands that
// hydrate on idle or visibility.
// Exits non-zero only when the audit itself fails, never on scores.
// `-- --pages stores,cart` audits only those pages ('cart' both ways,
// 'cart (logged in)' only logged in): the whole run takes minutes.
// `-- --json DIR` also writes each page's Lighthouse report (JSON) into DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { routes } from '#src/shared/routes.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import {
  cli,
  freePort,
  projectRoot,
  shopper,
  startShop,
  type LoggedIn,
  type StartedShop,
} from './bench-shop.helpers.ts';

interface Target {
  name: string;
  path: string;
  loggedIn: boolean;
  private: boolean;
}

/** What each page must reach: catalogue pages (perf 98, others 100), the shopper's pages logged in (95). */
interface Goal {
  perf: number;
  others: number;
  lcpS: number;
  tbtMs: number;
  cls: number;
  jsKb: number | null;
}
const CATALOGUE_GOAL: Goal = { perf: 98, others: 100, lcpS: 1.5, tbtMs: 50, cls: 0.01, jsKb: null };
const GOALS: Record<string, Goal> = {
  home: { ...CATALOGUE_GOAL, jsKb: 60 },
  category: { ...CATALOGUE_GOAL, jsKb: 60 },
  product: { ...CATALOGUE_GOAL, jsKb: 60 },
  stores: CATALOGUE_GOAL,
  'cart (logged in)': { ...CATALOGUE_GOAL, perf: 95, others: 95 },
  'checkout (logged in)': { ...CATALOGUE_GOAL, perf: 95, others: 95 },
  'profile (logged in)': { ...CATALOGUE_GOAL, perf: 95, others: 95 },
};

/** The targets a row misses, or 'met'; '—' for pages without targets (the visitor's cart, checkout and profile). */
function judge(row: Row): string {
  const goal = GOALS[row.page];
  if (!goal) return '—';
  const missed: string[] = [];
  const below = (label: string, value: number | string, min: number) =>
    typeof value === 'number' && value < min && missed.push(`${label} ${value}<${min}`);
  below('perf', row.perf, goal.perf);
  below('a11y', row.a11y, goal.others);
  below('best pr.', row['best pr.'], goal.others);
  below('SEO', row.SEO, goal.others);
  if (Number(row['LCP s']) > goal.lcpS) missed.push(`LCP ${row['LCP s']}>${goal.lcpS}`);
  if (typeof row['TBT ms'] === 'number' && row['TBT ms'] > goal.tbtMs)
    missed.push(`TBT ${row['TBT ms']}>${goal.tbtMs}`);
  if (Number(row.CLS) > goal.cls) missed.push(`CLS ${row.CLS}>${goal.cls}`);
  if (goal.jsKb !== null && typeof row['JS kB'] === 'number' && row['JS kB'] > goal.jsKb)
    missed.push(`JS ${row['JS kB']}>${goal.jsKb} kB`);
  return missed.length ? `missed: ${missed.join(', ')}` : 'met';
}

const TARGETS_TEXT = [
  'Targets: home, category, product, stores: performance ≥ 98, accessibility, best practices and SEO 100;',
  '         cart, checkout, profile (logged in): each category ≥ 95;',
  '         every page with targets: LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.01;',
  '         home, category, product: JavaScript transferred before any interaction ≤ 60 kB (gzip).',
].join('\n');

/** Chromium with a DevTools port, shared by Lighthouse and by Playwright (for axe and the login). */
async function launchChromium(profileDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    chromiumPath(),
    [...chromiumArgs, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${seen}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${seen}`)));
  });
  return { port, child };
}

async function findTargets(base: string): Promise<Target[]> {
  const home = await (await fetch(`${base}${routes.home}`)).text();
  let category = /href="(\/app\/category\/[^"#?]+)"/.exec(home)?.[1];
  if (!category) category = routes.category([(await cli<{ slug: string }[]>(base, '/cli/categories'))[0]!.slug]);
  const products = await cli<{ data: { barcode: string; available: boolean }[] }>(
    base,
    '/cli/ecommerce/products/1109/?s=24',
  );
  const product = (products.data.find((p) => p.available) ?? products.data[0])!;
  const pages: [string, string][] = [
    ['home', routes.home],
    ['category', category],
    ['product', routes.product(product.barcode)],
    ['stores', routes.stores],
    ['cart', routes.cart],
    ['checkout', routes.checkout],
    ['profile', routes.profile],
  ];
  const shopperPages = new Set(['cart', 'checkout', 'profile']);
  return [
    ...pages.map(([name, path]) => ({ name, path, loggedIn: false, private: shopperPages.has(name) })),
    ...pages
      .filter(([name]) => shopperPages.has(name))
      .map(([name, path]) => ({ name: `${name} (logged in)`, path, loggedIn: true, private: true })),
  ];
}

/** A logged-in shopper with an open cart of a few products; null when the shop has no development outbox. */
async function loggedInShopper(base: string): Promise<LoggedIn | null> {
  try {
    const user = await shopper(base, `audit.${Date.now()}@example.it`);
    const cart = await cli<{ id: number }>(
      base,
      '/cli/ecommerce/cart/open',
      { storeId: 1109, deliveryMode: 'IN_STORE' },
      user.jwt,
    );
    const page = await cli<{ data: { barcode: string; description: string; um: string; available: boolean }[] }>(
      base,
      '/cli/ecommerce/products/1109/?s=50',
    );
    // Not water: packs of water have an order limit of their own (4038).
    for (const p of page.data
      .filter((x) => x.um === 'PZ' && x.available && !/acqua/i.test(x.description))
      .slice(0, 4)) {
      await cli(base, '/cli/ecommerce/cart/store', { cartId: cart.id, barcode: p.barcode, amount: 2 }, user.jwt);
    }
    return user;
  } catch (error) {
    console.warn(`No logged-in audits: could not make a shopper (${(error as Error).message.slice(0, 200)})`);
    return null;
  }
}

async function setStoredUser(context: BrowserContext, base: string, user: LoggedIn | null): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/cli/health`);
  await page.evaluate(
    (value) => (value ? localStorage.setItem('spesa.user', value) : localStorage.clear()),
    user ? JSON.stringify(user) : null,
  );
  await page.close();
}

let lighthouseVersion = '';

interface Row {
  page: string;
  perf: number | string;
  a11y: number | string;
  'best pr.': number | string;
  SEO: number | string;
  'LCP s': string;
  'TBT ms': number | string;
  CLS: string;
  'JS kB': number | string;
  'JS files': number;
  axe: number | string;
  targets?: string;
}

/** Audits below 0.9 outside performance, and the heaviest scripts: what the scores stand on. */
interface Findings {
  failed: string[];
  scripts: string[];
  /** The element Lighthouse took for the largest contentful paint. */
  lcpElement: string;
}

type Detail = {
  items?: {
    issueType?: string;
    description?: string;
    url?: string;
    node?: { snippet?: string };
    subItems?: { items?: { url?: string }[] };
  }[];
};

/** A short "why" for a failed audit: its first items. */
function detail(details: unknown): string {
  const items = (details as Detail | undefined)?.items ?? [];
  const said = items
    .slice(0, 2)
    .map((i) => i.issueType ?? i.description ?? i.node?.snippet ?? i.url ?? '')
    .filter(Boolean);
  return said.length ? ` (${said.join('; ').replace(/\s+/g, ' ').slice(0, 200)})` : '';
}

async function runLighthouse(
  port: number,
  url: string,
  loggedIn: boolean,
  privatePage: boolean,
): Promise<Omit<Row, 'page' | 'axe' | 'targets'> & Findings> {
  let run: Awaited<ReturnType<typeof lighthouse>>;
  // A loaded machine now and then spoils a trace (NO_NAVSTART…): such a run is tried again, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    run = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      // Every run starts cold: Lighthouse empties the HTTP cache and the origin's data, but
      // never localStorage, where a logged-in run keeps its stored user. (Telling it to keep
      // storage kept the cache too: now and then a logged-in run loaded every script from it.)
      clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A shopper's own pages (cart, checkout, profile) ask search engines not to index
      // them (noindex) on purpose: SEO is judged on the rest of its audits.
      ...(privatePage ? { skipAudits: ['is-crawlable'] } : {}),
    });
    if (!run?.lhr.runtimeError || attempt === 3) break;
    process.stdout.write(`(${run.lhr.runtimeError.code}, again) `);
  }
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = run.lhr;
  lighthouseVersion = run.lhr.lighthouseVersion;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => (categories[id]?.score == null ? '—' : Math.round(categories[id]!.score! * 100));
  const value = (id: string) => audits[id]?.numericValue;
  const requests =
    (
      audits['network-requests']?.details as
        | { items?: { url: string; resourceType?: string; transferSize?: number }[] }
        | undefined
    )?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === 'Script')
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0));
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score != null && audits[ref.id]!.score! < 0.9)
      .map((ref) => `${c}: ${ref.id}${detail(audits[ref.id]!.details)}`),
  );
  // Lighthouse 13 names it in its LCP breakdown: a table of subparts, then the node.
  const lcpParts = (
    audits['lcp-breakdown-insight']?.details as { items?: { type?: string; selector?: string }[] } | undefined
  )?.items;
  const lcpElement = lcpParts?.find((item) => item.type === 'node')?.selector ?? '—';
  const saveTo = option('--json');
  if (saveTo) {
    mkdirSync(saveTo, { recursive: true });
    writeFileSync(
      join(saveTo, `${new URL(url).pathname.replace(/\W+/g, '_')}-${loggedIn ? 'in' : 'out'}.json`),
      run.report as string,
    );
  }
  return {
    lcpElement,
    perf: score('performance'),
    a11y: score('accessibility'),
    'best pr.': score('best-practices'),
    SEO: score('seo'),
    'LCP s': ((value('largest-contentful-paint') ?? NaN) / 1000).toFixed(2),
    'TBT ms': Math.round(value('total-blocking-time') ?? NaN),
    CLS: (value('cumulative-layout-shift') ?? NaN).toFixed(3),
    'JS kB': Math.round(jsBytes / 1024),
    'JS files': scripts.length,
    failed,
    scripts: scripts
      .slice(0, 3)
      .map((r) => `${new URL(r.url).pathname} ${Math.round((r.transferSize ?? 0) / 1024)} kB`),
  };
}

async function runAxe(browser: Browser, url: string, user: LoggedIn | null): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  if (user) await context.addInitScript((value) => localStorage.setItem('spesa.user', value), JSON.stringify(user));
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}, ${v.nodes.length}×): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  } finally {
    await context.close();
  }
}

/** The value after a command-line option, e.g. --pages cart,stores. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : (process.argv[at + 1] ?? '');
}

/** The pages named after --pages (all when it is not given). */
function chosen(targets: Target[]): Target[] {
  const pages = option('--pages');
  if (pages === undefined) return targets;
  const names = new Set(pages.split(',').map((n) => n.trim()));
  const picked = targets.filter((t) => names.has(t.name) || names.has(t.name.replace(' (logged in)', '')));
  if (!picked.length)
    throw new Error(`--pages: none of ${[...names].join(', ')} is one of ${targets.map((t) => t.name).join(', ')}`);
  return picked;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'spesa-audit-'));
  let shop: StartedShop | undefined;
  let browser: { port: number; child: ChildProcess } | undefined;
  try {
    let base = process.env['AUDIT_URL']?.replace(/\/+$/, '');
    if (!base) {
      const port = await freePort();
      console.log(`Starting a shop on port ${port} (400 products; data and site under .build/)…`);
      rmSync(join(projectRoot, `.build/audit-data-${port}`), { recursive: true, force: true });
      shop = await startShop({
        PORT: String(port),
        DATA_DIR: `.build/audit-data-${port}`,
        SITE_DIR: '.build/audit-dist',
        DATABASE_URL: '',
        CATALOGUE_PRODUCTS: '400',
        IP_RATE_LIMIT_MULTIPLIER: '1000',
        REBUILD_INTERVAL_MINUTES: '0',
        // Unset, as under `npm start`: NODE_ENV=development would make the site build bundle React's development build.
        NODE_ENV: undefined,
      });
      base = shop.url;
    }
    const targets = chosen(await findTargets(base));
    const user = await loggedInShopper(base);
    browser = await launchChromium(join(work, 'chromium-profile'));
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const rows: Row[] = [];
    const violations: [string, string[]][] = [];
    const findings: string[] = [];
    for (const target of targets.filter((t) => !t.loggedIn || user)) {
      process.stdout.write(`  ${target.name} ${target.path}… `);
      // The stored user of a logged-in run, in the localStorage Lighthouse leaves alone.
      if (target.loggedIn) await setStoredUser(cdp.contexts()[0]!, base, user);
      const { failed, scripts, lcpElement, ...scores } = await runLighthouse(
        browser.port,
        `${base}${target.path}`,
        target.loggedIn,
        target.private,
      );
      const found = await runAxe(cdp, `${base}${target.path}`, target.loggedIn ? user : null);
      const row: Row = { page: target.name, ...scores, axe: found.length };
      rows.push({ ...row, targets: judge(row) });
      findings.push(
        `${target.name}: LCP element ${lcpElement.replace(/\s+/g, ' ').slice(0, 120)}; heaviest scripts ${scripts.join(', ')}${failed.length ? `; Lighthouse below 0.9: ${failed.join(', ')}` : ''}`,
      );
      if (found.length) violations.push([target.name, found]);
      console.log(`performance ${scores.perf}, axe ${found.length}`);
    }
    await cdp.close();
    console.log(`\nLighthouse ${lighthouseVersion} (mobile preset, simulated throttling) and axe on ${base}:`);
    console.log(TARGETS_TEXT);
    console.table(rows);
    const judged = rows.filter((r) => r.targets !== '—');
    const met = judged.filter((r) => r.targets === 'met').length;
    console.log(`Targets met on ${met} of ${judged.length} pages with targets.`);
    console.log(findings.join('\n'));
    for (const [page, found] of violations) console.log(`axe on ${page}:\n  ${found.join('\n  ')}`);
    if (!violations.length) console.log('axe: no violations on any page.');
  } finally {
    if (browser && browser.child.exitCode === null) {
      const exited = new Promise((resolve) => browser!.child.once('exit', resolve));
      browser.child.kill('SIGTERM');
      await exited;
    }
    await shop?.stop();
    if (shop)
      rmSync(join(projectRoot, `.build/audit-data-${new URL(shop.url).port}`), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
