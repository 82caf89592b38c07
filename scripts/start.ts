// npm start: migrate, seed the demo catalogue when the database is empty,
// serve the shop on one port, and (re)build the static site when dist/ is
// missing or stale. Ctrl-C closes the server and the database cleanly.
import { developmentWarning, loadConfig } from '#src/server/config.ts';
import { logStep, openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { createMailer, smtpOptions } from '#src/server/mail/mailer.ts';
import { flushLog, log } from '#src/server/logger.ts';
import { kickMailWorker, startMailWorker } from '#src/server/mail/queue.ts';
import { startPushWorker } from '#src/server/push/queue.ts';
import { listen, shopHandler } from '#src/server/server.ts';
import { catalogueVersion } from '#src/server/catalogue-version.ts';
import { buildSite } from '#src/server/site/build-site.ts';
import { staleReason } from '#src/server/site/site-paths.ts';
import { sweepWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { seedDemoOperators } from '#src/server/services/operators.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';

const config = loadConfig();
logStep(`Spesa online is starting (Node ${process.version})`);
const handle = await openShopDatabase(config);
await timed(
  'Checking the catalogue',
  () => seedIfEmpty(handle, { products: config.CATALOGUE_PRODUCTS, log: logStep }),
  (report) => (report ? `seeded the demo catalogue (${config.CATALOGUE_PRODUCTS} products)` : 'already loaded'),
);
// Store staff of the demo stores (README, Store staff); never in production.
await timed(
  'Checking the demo store operators',
  () => seedDemoOperators(handle.db, config),
  (created) =>
    config.NODE_ENV === 'production'
      ? 'skipped in production'
      : created.length
        ? `created ${created.length} (operatore.<store id>@spesaonline.local)`
        : 'already there',
);

const mailer = createMailer(handle.db, config.SMTP_URL, config.MAIL_FROM, smtpOptions(config));
const version = await catalogueVersion(handle.db);
const reason = await staleReason(version);
let siteReady = reason === null;
// One listener of order changes for the live order streams of this process (services/order-events.ts).
const orderEvents = createOrderEventHub(handle);
const deps = { db: handle.db, config, mailer, orderEvents };
const server = await listen((await shopHandler(deps, () => siteReady)).fetch, config.PORT, config.HOST);
logStep(`API listening on ${server.url}/cli`);
// Queued mail goes out from every API process, retried while the mail server is down (mail/queue.ts).
const mailWorker = startMailWorker(handle.db, mailer, { intervalMs: 10_000 });
// Queued pushes likewise, woken by each order change this process hears (push/queue.ts).
const pushWorker = startPushWorker(handle.db, config, { orderEvents });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logStep(`${signal}: closing the server and the database…`);
  // The live order streams end first: the server closes only once no call is open.
  await orderEvents.close().catch(() => {});
  await server.close().catch(() => {});
  await mailWorker.stop();
  await pushWorker.stop();
  await handle.close();
  logStep('Stopped cleanly.');
  await flushLog();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Builds run one at a time; the old site keeps serving until the swap. The
// timer's check is one primary-key read (the catalogue version): only a new
// version looks further (sources, stamp) and builds. A change that lands
// while a build runs is built right after it, so a catalogue change reaches
// the static pages within REBUILD_INTERVAL_MINUTES plus one build, or two
// builds when it lands mid-build.
let builtVersion = reason === null ? version : null;
let building = false;
async function rebuildIfStale(): Promise<void> {
  if (building || stopping) return;
  building = true;
  try {
    for (;;) {
      const current = await catalogueVersion(handle.db);
      const why = current === builtVersion ? null : await staleReason(current);
      if (!why) {
        builtVersion = current;
        break;
      }
      await timed(
        `Building the site (${why})`,
        () =>
          buildSite({
            apiUrl: `http://127.0.0.1:${server.port}`,
            catalogueVersion: current,
            heapMb: config.SITE_BUILD_HEAP_MB,
          }),
        (stamp) => `${stamp.pages} pages`,
      );
      builtVersion = current;
      siteReady = true;
    }
    siteReady = true;
  } finally {
    building = false;
  }
}

if (config.SITE_BUILD === 'off') logStep('SITE_BUILD=off: serving the API only.');
else if (reason) await rebuildIfStale();
if (config.SITE_BUILD === 'on' && config.REBUILD_INTERVAL_MINUTES > 0) {
  setInterval(
    () =>
      void rebuildIfStale().catch((e: unknown) =>
        log.error({ err: e }, 'site: rebuild failed; the previous site keeps serving'),
      ),
    config.REBUILD_INTERVAL_MINUTES * 60_000,
  ).unref();
}
// Orders waiting for the shopper are reminded, and orders left waiting past their deadline expire, on their
// own (decisions 014, 018); any API process may sweep (each order is claimed by one). Their shoppers are mailed, with links on the shop's public address.
setInterval(
  () =>
    void sweepWaitingOrders(handle.db, new Date(), config.PUBLIC_URL ?? server.url)
      .then(({ reminded, expired }) => (reminded.length || expired.length) && kickMailWorker(handle.db))
      .catch((e: unknown) => log.error({ err: e }, 'orders: expiry sweep failed')),
  60_000,
).unref();

if (mailer.usesOutbox) logStep(`Mail goes to the development outbox: ${server.url}/dev/outbox?to=<e-mail>`);
// Last, so it is what the terminal shows once the shop is up.
const warning = developmentWarning(config);
if (warning) log.warn(warning);
logStep(`Spesa online is ready: ${server.url}/app/`);
