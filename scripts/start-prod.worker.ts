// One API process of npm run start:prod (start-prod.ts): the database the
// primary migrated, the shop on the cluster's shared port, the mail queue's
// worker and the expiry sweep; SIGTERM stops it gracefully (docs/deploy.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '#src/server/config.ts';
import { logStep } from '#src/server/bootstrap.ts';
import { openDb } from '#src/server/db/client.ts';
import { createMailer, smtpOptions } from '#src/server/mail/mailer.ts';
import { flushLog, log } from '#src/server/logger.ts';
import { kickMailWorker, startMailWorker } from '#src/server/mail/queue.ts';
import { startPushWorker } from '#src/server/push/queue.ts';
import { listen, shopHandler } from '#src/server/server.ts';
import { sweepWaitingOrders } from '#src/server/services/order-lifecycle.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { distDir, STAMP_FILE } from '#src/server/site/site-paths.ts';

export async function serveApi(config: Config, graceMs: number): Promise<void> {
  const handle = await openDb({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  const mailer = createMailer(handle.db, config.SMTP_URL, config.MAIL_FROM, smtpOptions(config));
  const orderEvents = createOrderEventHub(handle);
  // A site is there once `npm run rebuild` published one (its stamp is written last); until then /app
  // answers the "being prepared" page. Checked once a second, not on every request.
  let siteReady = false;
  let checkedAt = 0;
  const hasSite = () => {
    if (!siteReady && Date.now() - checkedAt > 1000) {
      checkedAt = Date.now();
      siteReady = existsSync(join(distDir, STAMP_FILE));
    }
    return siteReady;
  };
  const deps = { db: handle.db, config, mailer, orderEvents };
  const server = await listen(
    (await shopHandler(deps, hasSite, { site: config.SITE_SERVE === 'on' })).fetch,
    config.PORT,
    config.HOST,
  );
  const mailWorker = startMailWorker(handle.db, mailer, { intervalMs: 10_000 });
  const pushWorker = startPushWorker(handle.db, config, { orderEvents });
  const sweep = setInterval(
    () =>
      void sweepWaitingOrders(handle.db, new Date(), config.PUBLIC_URL ?? server.url)
        .then(({ reminded, expired }) => (reminded.length || expired.length) && kickMailWorker(handle.db))
        .catch((e: unknown) => log.error({ err: e }, 'orders: expiry sweep failed')),
    60_000,
  );
  logStep(`API process ${process.pid} listening on port ${server.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logStep(`API process ${process.pid}: ${signal}, finishing its open calls…`);
    clearInterval(sweep);
    // The live order streams end first (their browsers open them again on another process),
    // then no new connection is taken and the calls under way finish, for graceMs at most.
    await orderEvents.close().catch(() => {});
    await server.close(graceMs).catch(() => {});
    await mailWorker.stop();
    await pushWorker.stop();
    await handle.close();
    logStep(`API process ${process.pid} stopped cleanly.`);
    await flushLog();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
