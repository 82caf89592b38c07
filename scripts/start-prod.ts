// npm run start:prod: the shop in production (docs/deploy.md) on PostgreSQL
// (DATABASE_URL), PROCESSES API processes on one port with Node's cluster.
// The primary checks the settings, migrates once and forks the workers; a
// worker that dies is forked again. SIGTERM (or Ctrl-C) stops every worker
// gracefully and then the primary; SIGHUP applies new migrations, then restarts
// the workers one at a time, each old one stopped only once its new one listens. No demo data is seeded
// and no site is built here: `npm run rebuild` publishes dist/, which the
// workers serve (SITE_SERVE=on) or leave to a CDN or nginx (SITE_SERVE=off).
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { loadConfig, type Config } from '#src/server/config.ts';
import { logStep, openShopDatabase } from '#src/server/bootstrap.ts';
import { flushLog, log } from '#src/server/logger.ts';

/** How long a stopping process lets its open calls finish before it ends them. */
const GRACE_MS = 10_000;
/** A worker that dies sooner than this after its start is forked again only after a pause. */
const CRASH_PAUSE_MS = 1_000;

function productionConfig(): Config {
  process.env['NODE_ENV'] ??= 'production';
  if (process.env['NODE_ENV'] !== 'production')
    throw new Error(`npm run start:prod runs the shop in production: NODE_ENV=${process.env['NODE_ENV']} is refused`);
  // The same refusals as npm start in production (config.ts): SMTP_URL, PUBLIC_URL, no sandbox, no demo accounts.
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new Error(
      'Invalid environment:\n  DATABASE_URL: required by npm run start:prod (PGlite is one process’s database)',
    );
  return config;
}

function processCount(): number {
  const given = process.env['PROCESSES'];
  const count = given ? Number(given) : availableParallelism();
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new Error(`Invalid environment:\n  PROCESSES: a whole number from 1 to 64 (given ${given})`);
  return count;
}

async function primary(): Promise<void> {
  const config = productionConfig();
  const count = processCount();
  logStep(`Spesa online (production) is starting: ${count} API processes (Node ${process.version})`);
  // Once, before any worker serves: the workers never migrate.
  const handle = await openShopDatabase(config);
  await handle.close();

  let stopping = false;
  /** Workers being replaced on purpose: their exit forks nothing. */
  const retiring = new Set<Worker>();
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const started = Date.now();
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code, signal) => {
        reject(new Error(`worker ${worker.process.pid} ended before it listened`));
        if (stopping || retiring.delete(worker)) return;
        logStep(`API process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
        const pause = Date.now() - started < CRASH_PAUSE_MS ? CRASH_PAUSE_MS : 0;
        setTimeout(() => void fork().catch(() => {}), pause);
      });
    });
  const stopWorker = (worker: Worker): Promise<void> =>
    new Promise((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      worker.process.kill('SIGTERM');
    });

  await Promise.all(Array.from({ length: count }, fork));
  logStep(`Spesa online is ready on port ${config.PORT}: ${count} API processes (primary ${process.pid})`);

  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    void (async () => {
      logStep('SIGHUP: restarting the API processes one at a time');
      // The new workers run the code now on disk: its migrations first (safe for the running
      // workers, docs/deploy.md "expand, then contract").
      const migrated = await openShopDatabase(config);
      await migrated.close();
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || stopping) continue;
        await fork();
        retiring.add(old);
        await stopWorker(old);
      }
      logStep('All API processes restarted');
    })()
      .catch((error: unknown) => log.error({ err: error }, 'start:prod: the restart failed'))
      .finally(() => {
        restarting = false;
      });
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logStep(`${signal}: stopping the API processes…`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    void Promise.all(workers.map(stopWorker)).then(async () => {
      logStep('Stopped cleanly.');
      await flushLog();
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (cluster.isPrimary) {
  await primary().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
} else {
  const { serveApi } = await import('./start-prod.worker.ts');
  await serveApi(productionConfig(), GRACE_MS);
}
