// npm run soak [-- --minutes 10 --workers 20 --products 20000]
// An endurance run (not part of npm test): the shop as a child process (API
// only; PGlite, or a fresh database on DATABASE_URL's server) under the
// bench's realistic mix for `minutes`: anonymous listing, search and product
// detail, and logged-in shoppers who fill a cart, look at the slots, book an
// order and cancel it again, over and over. Every minute it prints the p99
// of each call and the shop's resident memory; at the end the errors (must be
// 0) and whether memory stayed flat (last minute ≤ first minute × 1.2).
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cli, freshDatabase, shopper, startShop } from './bench-shop.helpers.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    workers: { type: 'string', default: '20' },
    products: { type: 'string', default: '20000' },
  },
});
const minutes = Number(values.minutes);
const workers = Number(values.workers);
const STORE = 1109;

type Call = 'listing' | 'search' | 'detail' | 'cart add/update' | 'slots' | 'book' | 'orders' | 'cancel';
const calls: Call[] = ['listing', 'search', 'detail', 'cart add/update', 'slots', 'book', 'orders', 'cancel'];
let minute: Map<Call, number[]> = new Map();
const errors: string[] = [];
let requests = 0;

async function timed<T>(
  call: Call,
  work: () => Promise<Response>,
  ok = (body: { responseCode: number }) => body.responseCode === 0,
): Promise<T | null> {
  const started = performance.now();
  try {
    const res = await work();
    const body = (await res.json()) as { responseCode: number; data: T; errorMessage?: string };
    const ms = performance.now() - started;
    requests++;
    (minute.get(call) ?? minute.set(call, []).get(call)!).push(ms);
    if (!res.ok || !ok(body)) {
      errors.push(`${call}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
      return null;
    }
    return body.data;
  } catch (error) {
    errors.push(`${call}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const p99 = (list: number[]) =>
  list.length
    ? Math.round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.99))]!)
    : NaN;
const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);

const work = mkdtempSync(join(tmpdir(), 'spesa-soak-'));
const database = process.env['DATABASE_URL']
  ? await freshDatabase(process.env['DATABASE_URL'], 'spesa_soak')
  : undefined;
const shop = await startShop({
  DATA_DIR: join(work, 'pglite'),
  DATABASE_URL: database?.url ?? '',
  SITE_BUILD: 'off',
  NODE_ENV: 'development',
  CATALOGUE_PRODUCTS: values.products,
  IP_RATE_LIMIT_MULTIPLIER: '10000',
  REBUILD_INTERVAL_MINUTES: '0',
});
const base = shop.url;
const get = (path: string, jwt?: string) =>
  fetch(`${base}${path}`, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
const post = (path: string, body: unknown, jwt: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify(body),
  });

try {
  console.log(
    `Soak: ${minutes} min, ${workers} workers, ${values.products} products on ${database ? 'PostgreSQL' : 'PGlite'} (shop pid ${shop.pid})`,
  );
  type Node = { id: string; items: Node[] };
  const flatten = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flatten(n.items)]);
  const categories = flatten(await cli<Node[]>(base, '/cli/categories'));
  type Page = { data: { barcode: string; um: string; available: boolean; description: string; netPrice: number }[] };
  const products = (
    await Promise.all([0, 20, 40, 60].map((p) => cli<Page>(base, `/cli/ecommerce/products/${STORE}/?s=100&p=${p}`)))
  ).flatMap((x) => x.data);
  const pieces = products
    .filter((p) => p.um === 'PZ' && p.available && !/acqua/i.test(p.description) && p.netPrice >= 2)
    .map((p) => p.barcode);
  const words = ['pasta', 'latte', 'sugo', 'pane', 'crema', 'mozarela', 'pomodori', 'caffe'];

  const browse = async () => {
    const r = Math.random();
    if (r < 0.45)
      await timed('listing', () =>
        get(`/cli/ecommerce/products/${STORE}/?category=${pick(categories)}&p=${Math.floor(Math.random() * 3)}`),
      );
    else if (r < 0.7) await timed('search', () => get(`/cli/ecommerce/products/${STORE}/?q=${pick(words)}`));
    else await timed('detail', () => get(`/cli/ecommerce/products/barcode/${pick(products).barcode}`));
  };
  // A shopper's round: a cart of a few products, the slots, a booking and its cancellation.
  const shop_ = async (n: number) => {
    const { jwt } = await shopper(base, `soak${n}.${Date.now()}@example.it`);
    for (;;) {
      const cart = await timed<{ id: number }>('cart add/update', () =>
        post('/cli/ecommerce/cart/open', { storeId: STORE, deliveryMode: 'IN_STORE' }, jwt),
      );
      if (!cart) return;
      for (let i = 0; i < 4; i++)
        await timed('cart add/update', () =>
          post('/cli/ecommerce/cart/store', { cartId: cart.id, barcode: pick(pieces), amount: 5 }, jwt),
        );
      const days = await timed<{ day: string; available: boolean }[]>('slots', () =>
        get(`/cli/ecommerce/slots/${cart.id}/days`, jwt),
      );
      const day = days?.find((d) => d.available)?.day;
      const slots = day
        ? await timed<{ id: number; available: boolean }[]>('slots', () =>
            get(`/cli/ecommerce/slots/${cart.id}?day=${day}`, jwt),
          )
        : null;
      const slot = slots?.find((s) => s.available);
      if (!slot) continue;
      // A slot just filled (4210), past its cut-off (4029), prices changed (4105) or a minimum not reached (4208) is the shop's answer, not an error.
      const booked = await timed<{ id: number }>(
        'book',
        () =>
          post(
            '/cli/ecommerce/cart/freeze',
            {
              cartId: cart.id,
              timeSlotId: slot.id,
              profileEmail: 'soak@example.it',
              profileMobilePhone: '3331234567',
              firstName: 'Anna',
              lastName: 'Rossi',
              paymentMode: 'CASH',
              notes: '',
              invoice: false,
              enableProductsReplacement: true,
              clientWeb: true,
            },
            jwt,
          ),
        (b) => [0, 4029, 4105, 4208, 4210].includes(b.responseCode),
      );
      if (!booked?.id) continue;
      // The booked order, as the orders page finds it, and its cancellation.
      const orders = await timed<{ data: { id: number; status: string }[] }>('orders', () =>
        get('/cli/ecommerce/orders?s=5&p=0', jwt),
      );
      const order = orders?.data.find((o) => o.status === 'TO_BE_PREPARED');
      if (order) await timed('cancel', () => post('/cli/ecommerce/cart/abort', { orderId: order.id }, jwt));
      if (Date.now() > end) return;
    }
  };
  const end = Date.now() + minutes * 60_000;
  const shoppers = Math.max(1, Math.round(workers * 0.4));
  const loops = [
    ...Array.from({ length: shoppers }, (_, n) => shop_(n)),
    ...Array.from({ length: workers - shoppers }, async () => {
      while (Date.now() < end) await browse();
    }),
  ];
  const rows: Record<string, string | number>[] = [];
  const firstRss = rssMb(shop.pid);
  const ticker = setInterval(() => {
    const row: Record<string, string | number> = {
      minute: rows.length + 1,
      'req/s': Math.round(requests / 60),
      'RSS MB': rssMb(shop.pid),
      errors: errors.length,
    };
    for (const c of calls) row[`${c} p99`] = p99(minute.get(c) ?? []);
    rows.push(row);
    console.log(JSON.stringify(row));
    minute = new Map();
    requests = 0;
  }, 60_000);
  await Promise.all(loops);
  clearInterval(ticker);
  console.log(`\nShop RSS at the start: ${firstRss} MB`);
  console.table(rows);
  const first = Number(rows[0]?.['RSS MB'] ?? NaN);
  const last = Number(rows.at(-1)?.['RSS MB'] ?? NaN);
  console.table([
    { target: 'errors = 0', figure: errors.length, met: errors.length === 0 ? 'yes' : 'NO' },
    {
      target: 'RSS last minute ≤ first minute × 1.2',
      figure: `${first} → ${last} MB (×${(last / first).toFixed(2)})`,
      met: last <= first * 1.2 ? 'yes' : 'NO',
    },
  ]);
  if (errors.length) console.log(`First errors:\n  ${errors.slice(0, 10).join('\n  ')}`);
  process.exitCode = errors.length === 0 && last <= first * 1.2 ? 0 : 1;
} finally {
  await shop.stop();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
}
