// npm run bench:build [-- --sizes 2000,20000]: for each catalogue size, over a
// throw-away PGlite database: generate and import the demo catalogue (a
// process of its own), then, in a fresh process that opens that database as
// a running shop would, serve the API and build the whole static site from it
// (Astro and the Pagefind index, in the build's own processes). Prints import
// time, build time, pages, pages per second, the Pagefind share (the index
// built once more on its own over the finished site), the peak memory of the
// build's processes and of the shop's (database and API), then the targets
// and whether each is met.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import webPush from 'web-push';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,20000' },
    import: { type: 'string' },
    build: { type: 'string' },
    dir: { type: 'string' },
  },
});

type Row = Record<string, string | number>;

async function main() {
  const rows: Row[] = [];
  for (const size of values.sizes.split(',').map(Number)) {
    console.log(`\n— ${size} products —`);
    const work = mkdtempSync(join(tmpdir(), 'spesa-bench-'));
    try {
      const imported = step(['--import', String(size), '--dir', work], size);
      rows.push({ products: size, ...imported, ...step(['--build', String(size), '--dir', work], size) });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  console.log('\nStatic build benchmark (PGlite, this machine):');
  console.table(rows);
  const { loadConfig } = await import('#src/server/config.ts');
  printTargets(rows, loadConfig({ ...process.env, NODE_ENV: 'development' }).REBUILD_INTERVAL_MINUTES);
}

/** Runs one step in a fresh process and answers its RESULT line. */
function step(args: string[], size: number): Row {
  const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // The API's log line per request only at warn, as bench:api runs it: 20,000 lines say nothing here.
    env: { ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(
    child.stdout
      .split('\n')
      .filter((l) => !l.startsWith('RESULT '))
      .join('\n'),
  );
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (child.status !== 0 || !line) {
    console.error(`bench for ${size} products failed in ${args[0]} (exit ${child.status})`);
    process.exit(1);
  }
  return JSON.parse(line.slice(7)) as Row;
}

const TARGET = { products: 20_000, buildSeconds: 120, buildRssMb: 1200, rebuildSeconds: 180 };

function printTargets(rows: Row[], intervalMinutes: number) {
  const row = rows.find((r) => r['products'] === TARGET.products);
  console.log(`\nTargets at ${TARGET.products.toLocaleString('en')} products:`);
  if (!row) {
    console.log(`  not measured (run with --sizes ${TARGET.products})`);
    return;
  }
  const build = Number(row['build s']);
  const rss = Number(row['build peak RSS MB']);
  const rebuild = intervalMinutes * 60 + build;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `  build with the Pagefind index ≤ ${TARGET.buildSeconds} s: ${build} s — ${verdict(build <= TARGET.buildSeconds)}`,
  );
  console.log(`  peak RSS of the build ≤ ${TARGET.buildRssMb} MB: ${rss} MB — ${verdict(rss <= TARGET.buildRssMb)}`);
  console.log(
    `  rebuild interval + build ≤ ${TARGET.rebuildSeconds} s: ${intervalMinutes * 60} s (REBUILD_INTERVAL_MINUTES=${intervalMinutes}) + ${build} s = ${Math.round(rebuild)} s — ${verdict(rebuild <= TARGET.rebuildSeconds)}`,
  );
  console.log(`  (the shop's own process, database and API, peaked at ${row['shop peak RSS MB']} MB beside the build)`);
}

async function importStep(products: number, dir: string) {
  const { openDb } = await import('#src/server/db/client.ts');
  const { migrate } = await import('#src/server/db/migrate.ts');
  const { seedIfEmpty } = await import('#src/server/catalogue/seed.ts');
  const handle = await openDb({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(handle);
    const t = performance.now();
    await seedIfEmpty(handle, { products });
    console.log(`RESULT ${JSON.stringify({ 'generate+import s': round1((performance.now() - t) / 1000) })}`);
  } finally {
    await handle.close();
  }
}

async function buildStep(dir: string) {
  const { openDb } = await import('#src/server/db/client.ts');
  const { createApp } = await import('#src/server/app.ts');
  const { loadConfig } = await import('#src/server/config.ts');
  const { createMailer } = await import('#src/server/mail/mailer.ts');
  const { createOrderEventHub } = await import('#src/server/services/order-events.ts');
  const { listen } = await import('#src/server/server.ts');
  const { buildSite } = await import('#src/server/site/build-site.ts');
  const { writeSearchIndex } = await import('#src/server/site/search-index.ts');
  const { catalogueVersion } = await import('#src/server/catalogue-version.ts');
  const { buildDir } = await import('#src/server/site/site-paths.ts');

  // The site goes inside the project: Astro keeps the build's prerender
  // chunks in its outDir only when that is under the working directory
  // (otherwise in the shared ./.astro, where another build or astro check
  // can remove them mid-build).
  const site = join(buildDir, `bench-${process.pid}`);
  const handle = await openDb({ dataDir: join(dir, 'pglite') });
  try {
    // Production settings; the card providers, mail and pushes are never used by a
    // build, so placeholder settings satisfy the production checks.
    const vapid = webPush.generateVAPIDKeys();
    const config = loadConfig({
      SMTP_URL: 'smtp://bench.invalid',
      PUBLIC_URL: 'https://bench.invalid',
      XPAY_URL: 'https://xpay.invalid',
      XPAY_ALIAS: 'bench',
      XPAY_MAC_KEY: 'bench-build-not-used',
      IPG_URL: 'https://ipg.invalid',
      IPG_STORENAME: 'bench',
      IPG_SHARED_SECRET: 'bench-build-not-used',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:bench@bench.invalid',
      ...process.env,
      NODE_ENV: 'production',
    });
    const api = await listen(
      (
        await createApp({
          db: handle.db,
          config,
          mailer: createMailer(handle.db, undefined, 'bench'),
          orderEvents: createOrderEventHub(handle),
        })
      ).fetch,
      0,
      '127.0.0.1',
    );
    const sampler = sampleDescendantsRss();
    let t = performance.now();
    const built = await buildSite({
      apiUrl: api.url,
      catalogueVersion: await catalogueVersion(handle.db),
      outDir: site,
      heapMb: config.SITE_BUILD_HEAP_MB,
      // Each step's time, on stderr (the parent passes it through; stdout carries the result).
      log: (line) => console.error(`  ${line}`),
    });
    const buildSeconds = (performance.now() - t) / 1000;
    const treePeakMb = sampler.stop();
    await api.close();
    t = performance.now();
    // The same index as the build's, written elsewhere, to time it alone.
    await writeSearchIndex(site, join(dir, 'pagefind-again'));
    const pagefindSeconds = (performance.now() - t) / 1000;
    const result: Row = {
      'build s': round1(buildSeconds),
      pages: built.pages,
      'pages/s': Math.round(built.pages / buildSeconds),
      'Pagefind s': round1(pagefindSeconds),
      'Pagefind share': `${Math.round((pagefindSeconds / buildSeconds) * 100)}%`,
      'build peak RSS MB': Math.max(treePeakMb, built.buildPeakRssMb),
      'shop peak RSS MB': Math.round(process.resourceUsage().maxRSS / 1024),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await handle.close();
    rmSync(site, { recursive: true, force: true });
  }
}

const round1 = (n: number) => Number(n.toFixed(1));

/**
 * The build runs in processes under this one (build-worker.ts, and Pagefind's
 * and esbuild's binaries under it): samples the sum of their RSS from /proc
 * every 100 ms (Linux) and answers the highest sum, in MB.
 */
function sampleDescendantsRss(): { stop(): number } {
  let peak = 0;
  const sample = () => {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        /* gone meanwhile */
      }
    }
    const isDescendant = (pid: number): boolean => {
      for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
      return false;
    };
    let kb = 0;
    for (const pid of parents.keys()) {
      if (!isDescendant(pid)) continue;
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        /* gone meanwhile */
      }
    }
    peak = Math.max(peak, Math.round(kb / 1024));
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

if (values.import && values.dir) await importStep(Number(values.import), values.dir);
else if (values.build && values.dir) await buildStep(values.dir);
else await main();
