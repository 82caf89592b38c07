// One mapping from a user's rows to the Profile of the contract.
import type { Profile } from '#src/shared/contract/session.ts';
import type { Db } from '../db/client.ts';

const isoDate = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

export async function loadProfile(db: Db, userId: number): Promise<Profile | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .leftJoin('consents as c', 'c.user_id', 'u.id')
    .select(['u.id', 'p.first_name', 'p.last_name', 'p.birth_date', 'p.mobile_phone', 'p.email', 'p.ssn_code'])
    .select(['c.accept1', 'c.accept2', 'c.accept3', 'c.accept4'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const cards = await db
    .selectFrom('loyalty_cards')
    .select(['code', 'principal', 'enabled'])
    .where('user_id', '=', userId)
    .orderBy('principal', 'desc')
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: isoDate(row.birth_date as string | Date | null),
    mobilePhone: row.mobile_phone,
    email: row.email,
    ssnCode: row.ssn_code,
    cards,
    accept1: row.accept1 ?? false,
    accept2: row.accept2 ?? false,
    accept3: row.accept3 ?? false,
    accept4: row.accept4 ?? false,
  };
}
