// Store staff accounts (operator role), created by the cooperative's admins;
// outside production every demo store also gets one (seedDemoOperators).
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { demoStores } from '../catalogue/demo-stores.ts';

interface OperatorInput {
  email: string;
  storeId: number;
  firstName: string;
  lastName: string;
}

/** Writes the account; with ifAbsent an existing username is left alone and null is returned. */
async function insertOperator(
  db: Db,
  input: OperatorInput,
  passwordHash: string,
  ifAbsent: boolean,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    let insert = trx.insertInto('users').values({
      username: input.email.toLowerCase(),
      password_hash: passwordHash,
      role: 'OPERATOR',
      operator_store_id: input.storeId,
      confirmed_at: new Date(),
      deletion_requested_at: null,
    });
    if (ifAbsent) insert = insert.onConflict((oc) => oc.column('username').doNothing());
    const user = await insert.returning('id').executeTakeFirst();
    if (!user) return null;
    await trx
      .insertInto('profiles')
      .values({
        user_id: user.id,
        first_name: input.firstName,
        last_name: input.lastName,
        birth_date: null,
        mobile_phone: null,
        email: input.email.toLowerCase(),
        ssn_code: null,
      })
      .execute();
    await trx.insertInto('consents').values({ user_id: user.id, accept1: true, accept2: true }).execute();
    return user.id;
  });
}

export async function createOperator(db: Db, input: OperatorInput & { password: string }): Promise<number> {
  return (await insertOperator(db, input, await hash(input.password), false))!;
}

/** The demo operator's login of a store. */
export const demoOperatorEmail = (storeId: number): string => `operatore.${storeId}@spesaonline.local`;

/**
 * One operator per demo store present in the database (docs/architecture.md §4), with
 * the password DEMO_OPERATOR_PASSWORD; never in production. Safe to run on
 * every start: existing accounts (and their passwords) are left as they are.
 * Returns the e-mails of the accounts created now.
 */
export async function seedDemoOperators(
  db: Db,
  config: Pick<Config, 'NODE_ENV' | 'DEMO_OPERATOR_PASSWORD'>,
): Promise<string[]> {
  if (config.NODE_ENV === 'production') {
    await refuseDemoOperatorsInProduction(db, config.DEMO_OPERATOR_PASSWORD);
    return [];
  }
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
  const missing = present.filter((s) => !taken.has(demoOperatorEmail(s.id)));
  if (missing.length === 0) return [];
  const passwordHash = await hash(config.DEMO_OPERATOR_PASSWORD); // one hash for all: argon2 is slow on purpose
  const created: string[] = [];
  for (const store of missing) {
    const email = demoOperatorEmail(store.id);
    if (
      await insertOperator(
        db,
        { email, storeId: store.id, firstName: 'Operatore', lastName: store.name },
        passwordHash,
        true,
      )
    )
      created.push(email);
  }
  return created;
}

/**
 * A database first run in development keeps its demo operators: in production
 * the shop refuses to start while any of them still opens with the published
 * demo password (README), naming the accounts to remove or give a real password.
 */
async function refuseDemoOperatorsInProduction(db: Db, demoPassword: string): Promise<void> {
  const accounts = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where('role', '=', 'OPERATOR')
    .where('username', 'like', 'operatore.%@spesaonline.local')
    .execute();
  const open: string[] = [];
  for (const account of accounts)
    if (await verify(account.password_hash, demoPassword).catch(() => false)) open.push(account.username);
  if (open.length > 0) {
    throw new Error(
      `Production refuses to start: demo store operators still open with the published demo password: ${open.join(', ')}. ` +
        'Delete them or set a real password (npm run operator:create makes real staff accounts).',
    );
  }
}
