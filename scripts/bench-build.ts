// npm run bench:build [-- --sizes 2000,20000]: for each catalogue size, in a
// fresh process and a throw-away PGlite database: generate and import the
// demo catalogue, then build the whole static site from the API. Prints
// import time, build time (Astro and the Pagefind index together), pages,
// pages per second, the peak memory (RSS) and the Pagefind share: the index
// is built once more on its own over the finished site and timed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '2000,20000' }, child: { type: 'string' } } });

if (values.child) {
  await runOne(Number(values.child));
} else {
  const rows: Record<string, string | number>[] = [];
  for (const size of values.sizes.split(',').map(Number)) {
    console.log(`\n— ${size} products —`);
    const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--child', String(size)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    process.stdout.write(child.stdout.split('\n').filter((l) => !l.startsWith('RESULT ')).join('\n'));
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (child.status !== 0 || !line) {
      console.error(`bench for ${size} products failed (exit ${child.status})`);
      process.exit(1);
    }
    rows.push(JSON.parse(line.slice(7)) as Record<string, string | number>);
  }
  console.log('\nStatic build benchmark (PGlite, this machine):');
  console.table(rows);
}

async function runOne(products: number) {
  const { openDb } = await import('#src/server/db/client.ts');
  const { migrate } = await import('#src/server/db/migrate.ts');
  const { seedIfEmpty } = await import('#src/server/catalogue/seed.ts');
  const { createApp } = await import('#src/server/app.ts');
  const { loadConfig } = await import('#src/server/config.ts');
  const { createMailer } = await import('#src/server/mail/mailer.ts');
  const { listen } = await import('#src/server/server.ts');
  const { buildSite } = await import('#src/server/site/build-site.ts');
  const { writeSearchIndex } = await import('#src/server/site/search-index.ts');
  const { catalogueVersion } = await import('#src/server/catalogue-version.ts');
  const { buildDir } = await import('#src/server/site/site-paths.ts');

  const work = mkdtempSync(join(tmpdir(), 'spesa-bench-'));
  const handle = await openDb({ dataDir: join(work, 'pglite') });
  try {
    await migrate(handle);
    let t = performance.now();
    await seedIfEmpty(handle, { products });
    const importSeconds = (performance.now() - t) / 1000;
    // Production settings; the card providers are never called by a build,
    // so placeholder payment settings satisfy the production check.
    const config = loadConfig({
      XPAY_URL: 'https://xpay.invalid', XPAY_ALIAS: 'bench', XPAY_MAC_KEY: 'bench-build-not-used', IPG_URL: 'https://ipg.invalid', IPG_STORENAME: 'bench', IPG_SHARED_SECRET: 'bench-build-not-used',
      ...process.env, NODE_ENV: 'production',
    });
    const api = await listen(createApp({ db: handle.db, config, mailer: createMailer(handle.db, undefined, 'bench') }).fetch, 0, '127.0.0.1');
    t = performance.now();
    // The site goes inside the project: Astro keeps the build's prerender
    // chunks in its outDir only when that is under the working directory
    // (otherwise in the shared ./.astro, where another build or astro check
    // can remove them mid-build).
    const site = join(buildDir, `bench-${process.pid}`);
    const stamp = await buildSite({ apiUrl: api.url, catalogueVersion: await catalogueVersion(handle.db), outDir: site });
    const buildSeconds = (performance.now() - t) / 1000;
    await api.close();
    t = performance.now();
    // The same index as the build's, written elsewhere, to time it alone.
    await writeSearchIndex(site, join(work, 'pagefind-again'));
    rmSync(site, { recursive: true, force: true });
    const pagefindSeconds = (performance.now() - t) / 1000;
    const result = {
      products,
      'generate+import s': Number(importSeconds.toFixed(1)),
      'build s': Number(buildSeconds.toFixed(1)),
      pages: stamp.pages,
      'pages/s': Math.round(stamp.pages / buildSeconds),
      'Pagefind s': Number(pagefindSeconds.toFixed(1)),
      'Pagefind share': `${Math.round((pagefindSeconds / buildSeconds) * 100)}%`,
      'peak RSS MB': Math.round(process.resourceUsage().maxRSS / 1024),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await handle.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(join(buildDir, `bench-${process.pid}`), { recursive: true, force: true });
  }
}
