// npm run backup -- <file>: a copy of the shop's database (docs/deploy.md): pg_dump's custom
// format on DATABASE_URL, or PGlite's data directory (DATA_DIR) as a gzipped tarball.
import { loadConfig } from '#src/server/config.ts';
import { backup } from '#src/server/db/backup.ts';
import { backupTarget } from './restore.helpers.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
await backup(backupTarget(loadConfig()), file).catch((error: unknown) => {
  console.error(`npm run backup: ${(error as Error).message}`);
  process.exit(1);
});
console.log(`Backup written to ${file}`);
