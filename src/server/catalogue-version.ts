import type { Db } from './db/client.ts';

/** The version the last catalogue import recorded ('empty' before any). */
export async function catalogueVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirst();
  return row?.value ?? 'empty';
}
