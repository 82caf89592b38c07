// npm run rebuild: rebuilds the static site only when the catalogue version
// (or the site's sources) changed since the last build, into a new folder,
// then swaps dist/ at once. Run it against DATABASE_URL, or with the shop
// stopped for PGlite (a running shop rebuilds by itself: REBUILD_INTERVAL_MINUTES).
import { loadConfig } from '#src/server/config.ts';
import { logStep, openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { createApp } from '#src/server/app.ts';
import { listen } from '#src/server/server.ts';
import { catalogueVersion } from '#src/server/catalogue-version.ts';
import { buildSite } from '#src/server/site/build-site.ts';
import { staleReason } from '#src/server/site/site-paths.ts';

const config = loadConfig();
const handle = await openShopDatabase(config);
try {
  const version = await catalogueVersion(handle.db);
  const reason = await staleReason(version);
  if (!reason) {
    logStep(`The site is current (catalogue ${version}): nothing to rebuild.`);
  } else {
    const api = await listen(createApp({ db: handle.db, config, mailer: createMailer(handle.db, config.SMTP_URL, config.MAIL_FROM) }).fetch, 0, '127.0.0.1');
    try {
      await timed(`Rebuilding the site (${reason})`, () => buildSite({ apiUrl: api.url, catalogueVersion: version }), (s) => `${s.pages} pages`);
    } finally {
      await api.close();
    }
  }
} finally {
  await handle.close();
}
