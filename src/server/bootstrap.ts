// Start-up steps shared by the scripts: open the database and migrate it,
// with visible progress and timings.
import { loadConfig, type Config } from './config.ts';
import { openDb, type DbHandle } from './db/client.ts';
import { DataDirInUseError } from './db/pglite-lock.ts';
import { migrate } from './db/migrate.ts';
import { log } from './logger.ts';

/** A start-up step, as a line of the JSON log (logger.ts). */
/**
 * A start-up step: in production a JSON line for the log collector; elsewhere (a person at a
 * terminal, `npm start`) the plain timed line it always was.
 */
export function logStep(message: string): void {
  if (process.env['NODE_ENV'] === 'production') return void log.info(message);
  const time = new Date().toLocaleTimeString('it-IT', { hour12: false });
  console.log(`[${time}] ${message}`);
}

export async function timed<T>(label: string, work: () => Promise<T>, done?: (result: T) => string): Promise<T> {
  logStep(`${label}…`);
  const started = performance.now();
  const result = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  logStep(`${label}: ${done ? done(result) : 'done'} (${seconds} s)`);
  return result;
}

export async function openShopDatabase(config: Config = loadConfig()): Promise<DbHandle> {
  const options = config.DATABASE_URL
    ? { databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { dataDir: config.DATA_DIR };
  const handle = await timed(
    'Opening the database',
    () => openDb(options),
    (h) => h.description,
  ).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    logStep(error.message);
    process.exit(1);
  });
  await timed(
    'Applying migrations',
    () => migrate(handle),
    (applied) => (applied.length ? `applied ${applied.join(', ')}` : 'up to date'),
  );
  return handle;
}
