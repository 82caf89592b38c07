// npm run rebuild: rebuilds the static site only when the catalogue version
// (or the site's sources) changed since the last build, into a new folder,
// then swaps dist/ at once. Run it against DATABASE_URL, or with the shop
// stopped for PGlite (a running shop rebuilds by itself: REBUILD_INTERVAL_MINUTES).
import { loadConfig } from '#src/server/config.ts';
import { logStep, openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { createApp } from '#src/server/app.ts';
import { listen } from '#src/server/server.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { catalogueVersion } from '#src/server/catalogue-version.ts';
import { buildSite } from '#src/server/site/build-site.ts';
import { staleReason } from '#src/server/site/site-paths.ts';
import { DataDirInUseError, lockDataDir } from '#src/server/db/pglite-lock.ts';

/**
 * PGlite is one process's database: with the shop running on it, say what to
 * do instead of failing on the lock.
 */
function refuseBesideRunningShop(dataDir: string): void {
  try {
    lockDataDir(dataDir)(); // free: let go at once, openShopDatabase takes it
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const owner = /process (\d+)/.exec(error.message)?.[1];
    console.error(
      [
        `npm run rebuild: the database in ${dataDir} is in use by the running shop${owner ? ` (process ${owner})` : ''}, so it cannot be opened here.`,
        'A running shop rebuilds the site by itself when the catalogue changed: it checks every REBUILD_INTERVAL_MINUTES',
        'minutes (1 by default; 0 = never), and restarting it rebuilds at once when needed.',
        'To run npm run rebuild beside a running shop, run both against PostgreSQL (DATABASE_URL=postgres://…).',
      ].join('\n'),
    );
    process.exit(1);
  }
}

const config = loadConfig();
if (!config.DATABASE_URL) refuseBesideRunningShop(config.DATA_DIR);
const handle = await openShopDatabase(config);
try {
  const version = await catalogueVersion(handle.db);
  const reason = await staleReason(version);
  if (!reason) {
    logStep(`The site is current (catalogue ${version}): nothing to rebuild.`);
  } else {
    const api = await listen(
      (
        await createApp({
          db: handle.db,
          config,
          mailer: createMailer(handle.db, config.SMTP_URL, config.MAIL_FROM),
          orderEvents: createOrderEventHub(handle),
        })
      ).fetch,
      0,
      '127.0.0.1',
    );
    try {
      await timed(
        `Rebuilding the site (${reason})`,
        () => buildSite({ apiUrl: api.url, catalogueVersion: version, heapMb: config.SITE_BUILD_HEAP_MB }),
        (s) => `${s.pages} pages`,
      );
    } finally {
      await api.close();
    }
  }
} finally {
  await handle.close();
}
