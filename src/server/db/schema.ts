// Kysely's view of migrations/*.sql: the Database interface the code imports.
// Its tables are generated from the migrated database into schema.generated.ts
// by `npm run db:types` (scripts/db-types.ts); npm run lint fails while that
// file is stale, so a new migration regenerates it in the same commit.
export type { DB as Database } from './schema.generated.ts';
