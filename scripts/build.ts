// npm run build: builds the static site from the API of the configured
// database (started here on a loopback port of its own) and swaps dist/.
import { loadConfig } from '#src/server/config.ts';
import { logStep, openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { createApp } from '#src/server/app.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { listen } from '#src/server/server.ts';
import { catalogueVersion } from '#src/server/catalogue-version.ts';
import { buildSite } from '#src/server/site/build-site.ts';

const config = loadConfig();
const handle = await openShopDatabase(config);
await seedIfEmpty(handle, { products: config.CATALOGUE_PRODUCTS, log: logStep });
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
    'Building the site',
    () =>
      catalogueVersion(handle.db).then((v) =>
        buildSite({ apiUrl: api.url, catalogueVersion: v, heapMb: config.SITE_BUILD_HEAP_MB }),
      ),
    (s) => `${s.pages} pages`,
  );
} finally {
  await api.close();
  await handle.close();
}
