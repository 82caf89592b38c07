// Store staff accounts (operator role), created by the cooperative's admins;
// outside production every demo store also gets one (seedDemoOperators, the
// accounts named by src/demo).
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

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

/**
 * One operator per demo store present in the database (docs/architecture.md §4), with
 * the password DEMO_OPERATOR_PASSWORD; never in production, where src/demo is not even
 * loaded. Safe to run on every start: existing accounts (and their passwords) are left
 * as they are. Returns the e-mails of the accounts created now.
 */
export async function seedDemoOperators(
  db: Db,
  config: Pick<Config, 'NODE_ENV' | 'DEMO_OPERATOR_PASSWORD'>,
): Promise<string[]> {
  if (config.NODE_ENV === 'production') {
    await refuseDemoOperatorsInProduction(db, config.DEMO_OPERATOR_PASSWORD);
    return [];
  }
  const { missingDemoOperators } = await import('#src/demo/entry.ts');
  const missing = await missingDemoOperators(db);
  if (missing.length === 0) return [];
  const passwordHash = await hash(config.DEMO_OPERATOR_PASSWORD); // one hash for all: argon2 is slow on purpose
  const created: string[] = [];
  for (const operator of missing)
    if (await insertOperator(db, operator, passwordHash, true)) created.push(operator.email);
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
