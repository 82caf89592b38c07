// Readiness (GET /cli/ready, docs/architecture.md, Operations): this process may
// be sent shoppers when its database has every migration of this code applied
// and answers a statement now, within READY_TIMEOUT_MS. Liveness (/cli/health)
// asks nothing of the database: a process whose database is down is alive, and
// restarting it would not bring the database back.
import { sql } from 'kysely';
import type { Db } from './db/client.ts';
import { latestMigration } from './db/migrate.ts';

const READY_TIMEOUT_MS = 2_000;

/** The readiness check of one database: true when ready; false when not migrated, failing or too slow. */
export function readinessCheck(db: Db): () => Promise<boolean> {
  // Once seen applied, the latest migration stays applied: later checks are a round trip only.
  let migrated = false;
  const probe = async (): Promise<boolean> => {
    if (migrated) {
      await sql`SELECT 1`.execute(db);
      return true;
    }
    const latest = await latestMigration();
    const found = await sql<{ name: string }>`SELECT name FROM schema_migrations WHERE name = ${latest}`.execute(db);
    migrated = found.rows.length === 1;
    return migrated;
  };
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([probe(), late]);
    } catch {
      // A missing schema_migrations (never migrated) or an unreachable or closed database.
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}
