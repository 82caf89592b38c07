// npm run bench:feed [-- --products 3000 --interval 1]
// How long a delta of 100 prices takes from the ERP's POST /cli/admin/feeds to the changed
// static page (docs/catalogue-feed.md "Over HTTP", decision 025). Starts a shop of its own
// (PGlite in a temporary directory, its own site folder, REBUILD_INTERVAL_MINUTES=--interval),
// sends the delta for 100 products of store 1109, then reads one of their product pages until
// it shows the new price. Prints that time, the rebuild's own time (the shop's log), and the
// target beside them: within the rebuild interval plus one build.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { urlOf } from '#src/shared/contract/call.ts';
import { erpCalls } from '#src/shared/contract/calls.generated.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { routes } from '#src/shared/routes.ts';
import { cli, startShop } from './bench-shop.helpers.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '3000' }, interval: { type: 'string', default: '1' } },
});
const PRICES = 100;
const TOKEN = 'bench-feed-token-0123456789';
const intervalMinutes = Number(values.interval);
const work = await mkdtemp(join(tmpdir(), 'spesa-bench-feed-'));
const logFile = join(work, 'shop.log');
process.env['SHOP_LOG'] = logFile;
console.log(`bench:feed: starting a shop of ${values.products} products (PGlite in ${work})…`);
const shop = await startShop({
  DATA_DIR: join(work, 'data'),
  SITE_DIR: join(work, 'dist'),
  CATALOGUE_PRODUCTS: values.products,
  REBUILD_INTERVAL_MINUTES: String(intervalMinutes),
  ERP_TOKEN: TOKEN,
  LOG_LEVEL: 'warn',
  DATABASE_URL: undefined,
});
try {
  type Listed = { barcode: string; price: number; netPrice: number };
  const listed: Listed[] = [];
  for (let p = 0; listed.length < PRICES; p++) {
    const page = await cli<{ data: Listed[]; last: boolean }>(shop.url, `/cli/ecommerce/products/1109/?p=${p}`);
    listed.push(...page.data.filter((x) => x.price === x.netPrice));
    if (page.last) break;
  }
  const chosen = listed.slice(0, PRICES);
  const watched = chosen[0]!;
  const newPrice = Math.round((watched.price + 0.37) * 100) / 100;
  const delta = {
    version: 1,
    kind: 'delta',
    feedId: `bench-${Date.now()}`,
    prices: chosen.map((x, i) => ({
      storeId: 1109,
      barcode: x.barcode,
      price: i === 0 ? newPrice : Math.round((x.price + 0.01) * 100) / 100,
    })),
  };
  const logBefore = (await readFile(logFile, 'utf8').catch(() => '')).length;
  const started = performance.now();
  const answer = await fetch(`${shop.url}${urlOf(erpCalls.feeds)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(delta),
  });
  const report = (await answer.json()) as { data: { imported: boolean; message: string; durationMs: number } };
  const posted = performance.now();
  if (!report.data?.imported) throw new Error(`the delta was not applied: ${JSON.stringify(report)}`);
  console.log(`POST /cli/admin/feeds: ${report.data.message} (${Math.round(posted - started)} ms)`);
  const shown = formatEuro(newPrice);
  const pageUrl = `${shop.url}${routes.product(watched.barcode)}`;
  for (;;) {
    const html = await (await fetch(pageUrl)).text();
    if (html.includes(shown)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const total = (performance.now() - started) / 1000;
  const log = (await readFile(logFile, 'utf8')).slice(logBefore);
  const build = /Building the site \([^)]*\): (\d+) pages \(([\d.]+) s\)/.exec(log);
  const buildSeconds = build ? Number(build[2]) : Number.NaN;
  const target = intervalMinutes * 60 + buildSeconds;
  console.log(
    `The rebuild after the delta: ${build ? `${build[1]} pages in ${buildSeconds} s (a full build: Astro renders every page)` : 'not found in the shop log'}`,
  );
  console.log(
    `100-price delta, POST to the changed static page: ${total.toFixed(1)} s — target ≤ ${intervalMinutes * 60} s (rebuild interval) + ${buildSeconds} s (one build) = ${target.toFixed(1)} s: ${total <= target ? 'met' : 'NOT met'}`,
  );
} finally {
  await shop.stop();
  await rm(work, { recursive: true, force: true });
}
