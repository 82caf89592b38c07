// Store staff accounts (operator role), created by the cooperative's admins.
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.ts';

export async function createOperator(db: Db, input: { email: string; password: string; storeId: number; firstName: string; lastName: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.insertInto('users').values({
      username: input.email.toLowerCase(), password_hash: await hash(input.password), role: 'OPERATOR',
      operator_store_id: input.storeId, confirmed_at: new Date(), deletion_requested_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('profiles').values({ user_id: user.id, first_name: input.firstName, last_name: input.lastName, birth_date: null, mobile_phone: null, email: input.email.toLowerCase(), ssn_code: null }).execute();
    await trx.insertInto('consents').values({ user_id: user.id, accept1: true, accept2: true }).execute();
    return user.id;
  });
}
