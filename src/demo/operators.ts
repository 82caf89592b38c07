// The demo stores' operators (README, Store staff): one account per demo store present in the
// database, operatore.<store id>@spesaonline.local. The server writes them on start outside
// production (seedDemoOperators in server/services/operators.ts); this says which they are.
import type { Db } from '#src/server/db/client.ts';
import { demoStores } from './catalogue/demo-stores.ts';

/** The demo operator's login of a store. */
export const demoOperatorEmail = (storeId: number): string => `operatore.${storeId}@spesaonline.local`;

/** The operators of the demo stores present in the database that have no account yet. */
export async function missingDemoOperators(
  db: Db,
): Promise<{ email: string; storeId: number; firstName: string; lastName: string }[]> {
  const demo = demoStores(new Date().toISOString().slice(0, 10));
  const present = await db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      demo.map((s) => s.id),
    )
    .orderBy('id')
    .execute();
  if (present.length === 0) return [];
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username')
        .where(
          'username',
          'in',
          present.map((s) => demoOperatorEmail(s.id)),
        )
        .execute()
    ).map((u) => u.username),
  );
  return present
    .filter((s) => !taken.has(demoOperatorEmail(s.id)))
    .map((store) => ({
      email: demoOperatorEmail(store.id),
      storeId: store.id,
      firstName: 'Operatore',
      lastName: store.name,
    }));
}
