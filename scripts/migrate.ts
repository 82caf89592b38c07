// npm run migrate: applies pending migrations to the configured database.
import { openShopDatabase } from '#src/server/bootstrap.ts';

const handle = await openShopDatabase();
await handle.close();
