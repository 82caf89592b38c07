// npm run bench:api [-- --sizes 20000,2000 --duration 10 --warmup 5 --connections 20 --shoppers 20 --cache on --calls cart,search --encoding identity --growth-rounds 4]
// For each catalogue size: start the shop as a child process (API only, a
// throw-away PGlite directory, or a fresh database on DATABASE_URL's server),
// make logged-in shoppers with an open cart, then drive it from this process
// with autocannon over loopback (bench-load.ts): each call alone for `duration` seconds, then all of them at once (the mix).
// GET /cli/health, measured in the same run, is the server's own ceiling;
// every figure is also given as a ratio to it.
// --cache off,on measures each size without and then with the catalogue
// cache (CATALOGUE_CACHE_ENTRIES=0 turns it off), one right after the other.
// Every request says what a browser says of compression (Chromium's
// Accept-Encoding), so answers travel as a shopper gets them; --encoding
// identity measures uncompressed answers (the figures before 2026-11-26).
// A listing reads a full page of 24 products of a category that has one, among
// its first five (partly filled pages too before 2026-11-28). With 20,000 and
// 2,000 products (cache off), both shops stay up to the end, and listing's and
// search's cost growth is measured in turns, --growth-rounds 4 rounds, each
// size's p99 from all its rounds' answers together (before 2026-11-29: two
// rounds, the sum of their p99s; before 2026-11-28, from each size's own run,
// minutes apart).
// --warmup N runs each measurement first for N s with the same call and
// connections (5 by default), and its figures are those of the seconds after:
// a shop that has served the call before, as a shop does that serves every call
// all day. In a call's first seconds V8 compiles the code it runs (about 130 of
// the cart write's functions with Maglev in its first second, Turbofan until
// its sixth), and those seconds made up most of a p99. The warm-up's own p99 is
// printed beside each figure ("first s p99 ms"), so the start stays in view,
// and its errors are counted with the figure's. --warmup 0 measures from the
// first request, as every figure before 2026-11-28 was.
// Latencies (p50, p99) are to the hundredth of a millisecond, each answer timed
// on its own (bench-load.ts's runLoad). Before 2026-11-29 they were autocannon's
// histogram's, in whole milliseconds below the answers' own times by up to one:
// at 2 ms, a third of the figure, and growth's ratio moved by that much.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cli, freshDatabase, shopper, startShop } from './bench-shop.helpers.ts';
import {
  businessAnswer,
  type LoadResult,
  type OnResponse,
  percentiles,
  runLoad,
  type Setup,
  ShopperTurns,
} from './bench-load.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '20000,2000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    shoppers: { type: 'string', default: '20' },
    cache: { type: 'string', default: 'on' },
    // Only these calls alone (names or their first letters, comma-separated), and no mix: for a quick look at one call.
    calls: { type: 'string' },
    encoding: { type: 'string', default: 'gzip, deflate, br, zstd' },
    // Rounds of the cost growth's measurements in turns (each: both sizes, each growth call).
    'growth-rounds': { type: 'string', default: '4' },
  },
});
const only = values.calls?.split(',').map((c) => c.trim().toLowerCase());
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const shopperCount = Number(values.shoppers);
const acceptEncoding = { 'Accept-Encoding': values.encoding };
const STORE = 1109;

interface Shopper {
  jwt: string;
  cartId: number;
  days: string[];
  pool: string[];
}
interface Fixtures {
  /** The categories with at least one full page (24 products), and how many full pages each has. */
  categories: { id: string; pages: number }[];
  barcodes: string[];
  words: string[];
  shoppers: Shopper[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const json = { 'Content-Type': 'application/json' };

interface Call {
  setup: Setup;
  onResponse?: OnResponse;
  /** A run ended with this request unanswered: what it took is free again. */
  abandon?: (context: Record<string, unknown>) => void;
}

/** Answers per call name that the catalogue cache served (X-Cache: HIT), and all answers counted. */
const cacheCount = new Map<string, { hits: number; answers: number }>();
const countCache =
  (name: string) =>
  (_status: number, _body: string, _context: Record<string, unknown>, headers: Record<string, string>) => {
    const n = cacheCount.get(name) ?? { hits: 0, answers: 0 };
    n.answers++;
    if (headers['x-cache'] === 'HIT') n.hits++;
    cacheCount.set(name, n);
  };

/** Each call: how one request is made. A shopper has one request in flight at a time, like one browser tab. */
function calls(f: Fixtures): Record<string, Call> {
  const turns = new ShopperTurns(f.shoppers.length);
  const take = (context: Record<string, unknown>): Shopper => f.shoppers[turns.take(context)]!;
  const { release, letGo: abandon } = turns;
  const call = (setup: Setup, name?: string): Call => ({ setup, ...(name ? { onResponse: countCache(name) } : {}) });
  return {
    '/cli/health': call((req) => ({ ...req, method: 'GET', path: '/cli/health' })),
    'listing by category': call((req) => {
      const c = pick(f.categories);
      return {
        ...req,
        method: 'GET',
        path: `/cli/ecommerce/products/${STORE}/?category=${c.id}&p=${Math.floor(Math.random() * Math.min(c.pages, 5))}`,
      };
    }, 'listing by category'),
    // The same, as a shopper who sorts by price (cheapest or dearest first): alone only, not in the mix.
    'listing by price': call((req) => {
      const c = pick(f.categories);
      return {
        ...req,
        method: 'GET',
        path: `/cli/ecommerce/products/${STORE}/?category=${c.id}&sort=price-${pick(['ASC', 'DESC'])}&p=${Math.floor(Math.random() * Math.min(c.pages, 5))}`,
      };
    }, 'listing by price'),
    search: call(
      (req) => ({
        ...req,
        method: 'GET',
        path: `/cli/ecommerce/products/${STORE}/?q=${encodeURIComponent(pick(f.words))}&p=0`,
      }),
      'search',
    ),
    'product detail': call(
      (req) => ({ ...req, method: 'GET', path: `/cli/ecommerce/products/barcode/${pick(f.barcodes)}` }),
      'product detail',
    ),
    'cart add/update': {
      onResponse: release,
      abandon,
      setup: (req, context) => {
        const s = take(context);
        const body = JSON.stringify({
          cartId: s.cartId,
          barcode: pick(s.pool),
          amount: 1 + Math.floor(Math.random() * 3),
        });
        return {
          ...req,
          method: 'POST',
          path: '/cli/ecommerce/cart/store',
          headers: { ...json, Authorization: `Bearer ${s.jwt}` },
          body,
        };
      },
    },
    'slot listing': {
      onResponse: release,
      abandon,
      setup: (req, context) => {
        const s = take(context);
        const path =
          Math.random() < 0.5 || !s.days.length
            ? `/cli/ecommerce/slots/${s.cartId}/days`
            : `/cli/ecommerce/slots/${s.cartId}?day=${pick(s.days)}`;
        return { ...req, method: 'GET', path, headers: { Authorization: `Bearer ${s.jwt}` } };
      },
    },
  };
}

// How the 20 connections of the mix are shared out: browsing dominates, as in a real shop.
const mixWeights: Record<string, number> = {
  'listing by category': 6,
  search: 3,
  'product detail': 5,
  'cart add/update': 4,
  'slot listing': 2,
};

async function prepare(base: string): Promise<Fixtures> {
  type Node = { id: string; items: Node[] };
  const flatten = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flatten(n.items)]);
  const ids = flatten(await cli<Node[]>(base, '/cli/categories'));
  type Page = {
    data: { barcode: string; description: string; um: string; available: boolean }[];
    totalPages: number;
    totalElements: number;
  };
  // A listing reads a full page of 24 products: at 2,000 products three categories in four hold less than
  // a page, and a page of a few products is less work, which made listing's growth from 2,000 to 20,000
  // products a growth of the pages, not of the catalogue.
  const categories = (
    await Promise.all(
      ids.map(async (id) => ({
        id,
        pages: Math.floor(
          (await cli<Page>(base, `/cli/ecommerce/products/${STORE}/?category=${id}&s=24`)).totalElements / 24,
        ),
      })),
    )
  ).filter((c) => c.pages > 0);
  // 20 pages of 100 spread over the whole (alphabetical) catalogue, not only its first names.
  const { totalPages } = await cli<Page>(base, `/cli/ecommerce/products/${STORE}/?s=100`);
  const spread = [...new Set(Array.from({ length: 20 }, (_, k) => Math.floor((k * totalPages) / 20)))];
  const products = (
    await Promise.all(spread.map((p) => cli<Page>(base, `/cli/ecommerce/products/${STORE}/?s=100&p=${p}`)))
  ).flatMap((page) => page.data);
  const forCart = products
    .filter((p) => p.um === 'PZ' && p.available && !/acqua/i.test(p.description))
    .map((p) => p.barcode);
  // Search words: the commonest first words of the product names, the kind of thing shoppers type ("pasta", "latte").
  const counts = new Map<string, number>();
  for (const w of products.map((p) => p.description.toLowerCase().split(/[^a-zàèéìòù]+/)[0] ?? ''))
    if (w.length >= 4) counts.set(w, (counts.get(w) ?? 0) + 1);
  const words = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([w]) => w);

  const shoppers: Shopper[] = [];
  for (let i = 0; i < shopperCount; i += 5) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, shopperCount - i) }, async (_, j) => {
          const { jwt } = await shopper(base, `bench${i + j}.${Date.now()}@example.it`);
          const cart = await cli<{ id: number }>(
            base,
            '/cli/ecommerce/cart/open',
            { storeId: STORE, deliveryMode: 'IN_STORE' },
            jwt,
          );
          // Each shopper fills a cart of at most 40 lines: after a while most writes are updates.
          const pool = Array.from({ length: 40 }, () => pick(forCart));
          for (const barcode of pool.slice(0, 3))
            await cli(base, '/cli/ecommerce/cart/store', { cartId: cart.id, barcode, amount: 1 }, jwt);
          const days = (
            await cli<{ day: string; available: boolean }[]>(
              base,
              `/cli/ecommerce/slots/${cart.id}/days`,
              undefined,
              jwt,
            )
          )
            .filter((d) => d.available)
            .map((d) => d.day);
          return { jwt, cartId: cart.id, days, pool };
        }),
      )),
    );
  }
  return { categories, barcodes: products.map((p) => p.barcode), words, shoppers };
}

interface Row {
  call: string;
  'req/s': number;
  'p50 ms': number | string;
  'p99 ms': number | string;
  /** The p99 of the warm-up's seconds (--warmup), the call's start; not a target's figure. */
  'first s p99 ms': number | string;
  'non-2xx/errors': number;
  'business errors': number;
  'x health': string;
  'cache hits': string;
  /** Bytes of an answer as read, headers included (compressed as the request allowed), on average. */
  'kB/answer': string;
}

async function measure(
  base: string,
  name: string,
  { setup, onResponse, abandon }: Call,
  conns: number,
  /** Gets the measured seconds' latencies (ascending, ms), e.g. to pool several runs' answers. */
  keepLatencies?: (latencies: Float64Array) => void,
): Promise<Row> {
  const run = (seconds: number) =>
    runLoad(
      {
        url: base,
        connections: conns,
        duration: seconds,
        requests: [
          {
            setupRequest: (req, context) => {
              const made = setup(req, context);
              return { ...made, headers: { ...made.headers, ...acceptEncoding } };
            },
            ...(onResponse ? { onResponse } : {}),
          },
        ],
        // Business errors (HTTP 200 with responseCode ≠ 0) are counted too.
        verifyBody: businessAnswer,
      },
      abandon,
    );
  // The warm-up's answers are not counted: the figures are those of a shop that has served the call before.
  // Its p99 is kept to be shown beside them.
  const start = warmup > 0 ? await run(warmup) : undefined;
  cacheCount.delete(name);
  const r = await run(duration);
  keepLatencies?.(r.latencies);
  return {
    call: name,
    'req/s': Math.round(r.requests.average),
    // To the hundredth of a millisecond, from every answer's own time (runLoad's `exact`); autocannon's
    // histogram gives whole milliseconds, below the true figure by up to one (before 2026-11-29).
    'p50 ms': ms(r.exact.p50),
    'p99 ms': ms(r.exact.p99),
    'first s p99 ms': start ? ms(start.exact.p99) : '',
    // An error is one whenever it came: the warm-up's are counted too.
    'non-2xx/errors': failed(r) + (start ? failed(start) : 0),
    'business errors': r.mismatches + (start?.mismatches ?? 0),
    'x health': '',
    'cache hits': cacheHits(name),
    'kB/answer': r.requests.average > 0 ? (r.throughput.average / r.requests.average / 1024).toFixed(1) : '',
  };
}

/** A latency in ms to the hundredth. */
const ms = (value: number): number => Math.round(value * 100) / 100;

/** A run's answers that were not HTTP 2xx, and its requests that failed or timed out. */
const failed = (r: LoadResult): number => r.non2xx + r.errors + r.timeouts;

/** Share of the answers the catalogue cache served, for the calls it can serve. */
function cacheHits(name: string): string {
  const n = cacheCount.get(name);
  return n && n.answers > 0 ? `${Math.round((100 * n.hits) / n.answers)} %` : '';
}

/** A size's shop kept up after its run, for the growth's alternated measurements; closed at the end. */
interface KeptShop {
  products: number;
  cache: string;
  url: string;
  make: Record<string, Call>;
  close(): Promise<void>;
}

async function benchSize(products: number, cache: string, keep: (shop: KeptShop) => Promise<void>) {
  const work = mkdtempSync(join(tmpdir(), 'spesa-bench-api-'));
  const database = process.env['DATABASE_URL']
    ? await freshDatabase(process.env['DATABASE_URL'], 'spesa_bench')
    : undefined;
  let t = performance.now();
  const shop = await startShop({
    DATA_DIR: join(work, 'pglite'),
    DATABASE_URL: database?.url ?? '',
    SITE_BUILD: 'off',
    NODE_ENV: 'development',
    CATALOGUE_PRODUCTS: String(products),
    IP_RATE_LIMIT_MULTIPLIER: '10000',
    CATALOGUE_CACHE_ENTRIES: cache === 'off' ? '0' : process.env['CATALOGUE_CACHE_ENTRIES'],
    // e.g. SHOP_NODE_OPTIONS=--cpu-prof to profile the shop (its own NODE_OPTIONS, not this process's)
    NODE_OPTIONS: process.env['SHOP_NODE_OPTIONS'],
  });
  console.log(
    `\n— ${products} products on ${database ? 'PostgreSQL' : 'PGlite'}, catalogue cache ${cache}: started and seeded in ${((performance.now() - t) / 1000).toFixed(1)} s —`,
  );
  const close = async () => {
    await shop.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    t = performance.now();
    const fixtures = await prepare(shop.url);
    console.log(
      `${fixtures.shoppers.length} shoppers with an open cart, ${fixtures.categories.length} categories with a full page of 24 products (listings read those), search words: ${fixtures.words.join(', ')} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    const make = calls(fixtures);
    const alone: Row[] = [];
    for (const [name, call] of Object.entries(make)) {
      if (only && name !== '/cli/health' && !only.some((c) => name.startsWith(c))) continue;
      process.stdout.write(`  ${name}… `);
      alone.push(await measure(shop.url, name, call, connections));
      console.log(`${alone.at(-1)!['req/s']} req/s`);
    }
    if (!only)
      console.log(
        `  the mix (${Object.entries(mixWeights)
          .map(([n, w]) => `${n} ×${w}`)
          .join(', ')} connections)…`,
      );
    const mix = await Promise.all(
      Object.entries(only ? {} : mixWeights).map(([name, conns]) => measure(shop.url, name, make[name]!, conns)),
    );
    const ceiling = alone[0]!['req/s'];
    for (const row of [...alone, ...mix]) row['x health'] = (row['req/s'] / ceiling).toFixed(3);
    const total = mix.reduce((sum, r) => sum + r['req/s'], 0);
    if (!only)
      mix.push({
        call: 'mix total',
        'req/s': total,
        'p50 ms': '',
        'p99 ms': '',
        'first s p99 ms': '',
        'cache hits': '',
        'kB/answer': '',
        'non-2xx/errors': mix.reduce((s, r) => s + r['non-2xx/errors'], 0),
        'business errors': mix.reduce((s, r) => s + r['business errors'], 0),
        'x health': (total / ceiling).toFixed(3),
      });
    await keep({ products, cache, url: shop.url, make, close });
    return {
      products,
      cache,
      engine: database ? 'PostgreSQL' : 'PGlite',
      label: `${products} cache ${cache}`,
      alone,
      mix,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const runs: Awaited<ReturnType<typeof benchSize>>[] = [];
const kept: KeptShop[] = [];
// Shops of 2,000 and 20,000 products stay up for the growth's measurements; any other closes after its run.
const keep = async (shop: KeptShop) => {
  if ((shop.products === 2000 || shop.products === 20000) && shop.cache === 'off') kept.push(shop);
  else await shop.close();
};
const growthRoundCount = Number(values['growth-rounds']);
if (!Number.isInteger(growthRoundCount) || growthRoundCount < 1)
  throw new Error(`--growth-rounds must be a whole number of rounds, 1 or more (got ${values['growth-rounds']})`);
const growthCalls = ['search', 'listing by category'].filter((call) => !only || only.some((c) => call.startsWith(c)));
/** Each growth call's answers' latencies at each size, by round: both shops up, the sizes taken in turn. */
const growthRounds: { round: number; products: number; call: string; latencies: Float64Array }[] = [];
try {
  for (const size of values.sizes.split(',').map(Number)) {
    for (const cache of values.cache.split(',')) runs.push(await benchSize(size, cache, keep));
  }
  // Cost growth is measured with both sizes' shops up, in turns (20,000, 2,000, then 2,000, 20,000, and
  // again): the machine's speed moves by a third within minutes (docs/performance.md), and each size's own
  // run comes minutes apart from the other's, so their p99s compared the machine's moments as much as the
  // sizes. A size's p99 is that of all its rounds' answers together: at 3 ms one round's p99 moves by a
  // third from one run to the next, and four rounds pooled move less.
  const big = kept.find((k) => k.products === 20000);
  const small = kept.find((k) => k.products === 2000);
  if (big && small && growthCalls.length) {
    console.log(
      `\nCost growth: ${growthCalls.join(' and ')} at 20,000 and 2,000 products in turns, ${growthRoundCount} rounds…`,
    );
    for (let round = 1; round <= growthRoundCount; round++) {
      for (const shop of round % 2 ? [big, small] : [small, big]) {
        for (const call of growthCalls) {
          await measure(shop.url, call, shop.make[call]!, connections, (latencies) =>
            growthRounds.push({ round, products: shop.products, call, latencies }),
          );
        }
      }
    }
  }
} finally {
  await Promise.all(kept.map((k) => k.close()));
}
for (const run of runs) {
  console.log(
    `\n${run.products} products, catalogue cache ${run.cache} — each call alone, ${connections} connections, ${duration} s each${warmup > 0 ? ` after ${warmup} s of warm-up` : ''}, Accept-Encoding: ${values.encoding}:`,
  );
  console.table(run.alone);
  console.log(
    `${run.products} products, catalogue cache ${run.cache} — all calls at once (the mix), ${duration} s${warmup > 0 ? ` after ${warmup} s of warm-up` : ''}:`,
  );
  if (run.mix.length) console.table(run.mix);
}
if (runs.length > 1) {
  console.log('\nCost curve and cache (each call alone):');
  const row = (call: string) =>
    Object.fromEntries([
      ['call', call],
      ...runs.flatMap((r) => {
        const m = r.alone.find((x) => x.call === call)!;
        return [
          [`${r.label} req/s`, m['req/s']],
          [`${r.label} p50 ms`, m['p50 ms']],
          [`${r.label} p99 ms`, m['p99 ms']],
        ];
      }),
    ]);
  console.table(
    ['listing by category', 'search', 'product detail', 'cart add/update']
      .filter((call) => runs.every((r) => r.alone.some((x) => x.call === call)))
      .map(row),
  );
}

// The targets the API is held to (docs/performance.md), each beside its figure.
type Run = (typeof runs)[number];
interface Target {
  target: string;
  figure: string;
  met: string;
  /** The call's p99 over its warm-up (its first seconds), shown beside the figure, not judged. */
  'first s'?: string;
}
const verdict = (ok: boolean) => (ok ? 'yes' : 'NO');
function targets(run: Run): Target[] {
  const out: Target[] = [];
  const at = (call: string, limit: number) => {
    const row = run.alone.find((r) => r.call === call);
    if (!row) return;
    const v = Number(row['p99 ms']);
    const first = row['first s p99 ms'];
    out.push({
      target: `${call} alone: p99 ≤ ${limit} ms`,
      figure: `${v} ms`,
      met: verdict(v <= limit),
      ...(first !== '' ? { 'first s': `${first} ms` } : {}),
    });
  };
  if (run.cache === 'off') {
    at('search', 25);
    at('listing by category', 15);
    at('listing by price', 15);
    at('product detail', 10);
    at('cart add/update', 15);
    at('slot listing', 15);
    const listing = run.alone.find((r) => r.call === 'listing by category');
    const ratio = Number(listing?.['x health']);
    if (listing)
      out.push({
        target: 'listing alone: ≥ 25 % of /cli/health req/s',
        figure: `${Math.round(ratio * 100)} %`,
        met: verdict(ratio >= 0.25),
      });
    if (run.engine === 'PGlite' && !only) {
      const worst = Math.max(...run.mix.filter((r) => r.call !== 'mix total').map((r) => Number(r['p99 ms'])));
      out.push({
        target: 'the mix on PGlite: every call p99 ≤ 50 ms',
        figure: `worst ${worst} ms`,
        met: verdict(worst <= 50),
      });
    }
  } else if (!only) {
    const ratio = Number(run.mix.find((r) => r.call === 'mix total')!['x health']);
    out.push({
      target: 'the mix, cache on: total ≥ 30 % of /cli/health req/s',
      figure: `${Math.round(ratio * 100)} %`,
      met: verdict(ratio >= 0.3),
    });
  }
  return out;
}
for (const run of runs) {
  console.log(
    `\nTargets, ${run.products} products on ${run.engine}, catalogue cache ${run.cache}${warmup > 0 ? ` (after ${warmup} s of warm-up; "first s": the p99 of that warm-up)` : ''}:`,
  );
  console.table(targets(run));
}
// Cost growth: p99 at 20,000 over p99 at 2,000, each of all the rounds' answers at that size together.
if (growthRounds.length) {
  console.log(
    `\nCost growth 2,000 → 20,000 products, catalogue cache off, ${growthRoundCount} rounds in turns, each size's answers pooled (target ≤ 1.3):`,
  );
  const of = (call: string, products: number) => growthRounds.filter((r) => r.call === call && r.products === products);
  const pooled = (call: string, products: number) => {
    const all = of(call, products).map((r) => r.latencies);
    const times = new Float64Array(all.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const l of all) {
      times.set(l, at);
      at += l.length;
    }
    return percentiles(times);
  };
  console.table(
    growthCalls.map((call) => {
      const [small, big] = [pooled(call, 2000), pooled(call, 20000)];
      const growth = big.p99 / small.p99;
      return {
        call,
        'p99 2,000 (rounds)': of(call, 2000)
          .map((r) => ms(percentiles(r.latencies).p99))
          .join(', '),
        'p99 20,000 (rounds)': of(call, 20000)
          .map((r) => ms(percentiles(r.latencies).p99))
          .join(', '),
        // The p50s are shown, not judged: whether a growth is the whole distribution's or its tail's.
        'p50 2,000 · 20,000': `${ms(small.p50)} · ${ms(big.p50)}`,
        'p99 2,000 · 20,000': `${ms(small.p99)} · ${ms(big.p99)}`,
        growth: growth.toFixed(2),
        met: verdict(growth <= 1.3),
      };
    }),
  );
}
