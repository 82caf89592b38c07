// npm run restore -- <file>: replaces the shop's database with a backup of npm run backup
// (docs/deploy.md). Stop the shop first: PGlite's directory is refused while the shop holds it,
// and on PostgreSQL the API processes would serve from a database being replaced.
import { loadConfig } from '#src/server/config.ts';
import { restore } from '#src/server/db/backup.ts';
import { backupTarget } from './restore.helpers.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
await restore(backupTarget(loadConfig()), file).catch((error: unknown) => {
  console.error(`npm run restore: ${(error as Error).message}`);
  process.exit(1);
});
console.log(`Database restored from ${file}`);
