// What npm run backup and npm run restore work on: the shop's own database setting.
import type { Config } from '#src/server/config.ts';
import type { BackupTarget } from '#src/server/db/backup.ts';

export const backupTarget = (config: Config): BackupTarget =>
  config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
