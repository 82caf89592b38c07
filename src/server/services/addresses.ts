// Shipping and billing addresses: each customer reaches only their own; an
// id of someone else's is refused (403) and changes nothing.
import type { z } from 'zod';
import {
  REGION,
  type BillingAddress,
  type ShippingAddress,
  type billingAddressInput,
  type shippingAddressInput,
} from '#src/shared/contract/addresses.ts';
import type { Db } from '../db/client.ts';
import { NotYours } from './outcomes.ts';
import { normaliseSearch } from '#src/shared/search-text.ts';

export async function listAddresses(db: Db, userId: number): Promise<ShippingAddress[]> {
  const towns = new Set(
    (await db.selectFrom('delivery_towns').select('town').execute()).map((t) => normaliseSearch(t.town)),
  );
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    streetNumber: r.street_number,
    state: r.state,
    city: r.city,
    county: r.county.trim(),
    zip: r.zip,
    nation: r.nation,
    homeDelivery: towns.has(normaliseSearch(r.city)),
  }));
}

async function assertOwner(
  db: Db,
  table: 'addresses' | 'billing_addresses',
  id: number,
  userId: number,
): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) throw new NotYours();
}

export async function saveAddress(
  db: Db,
  userId: number,
  input: z.output<typeof shippingAddressInput>,
): Promise<ShippingAddress[]> {
  const values = {
    address: input.address,
    street_number: input.streetNumber,
    state: REGION,
    city: input.city,
    county: input.county,
    zip: input.zip,
    nation: 'IT',
  };
  if (input.id !== undefined) {
    await assertOwner(db, 'addresses', input.id, userId);
    await db.updateTable('addresses').set(values).where('id', '=', input.id).where('user_id', '=', userId).execute();
  } else {
    await db
      .insertInto('addresses')
      .values({ ...values, user_id: userId, deleted_at: null })
      .execute();
  }
  return listAddresses(db, userId);
}

/** Soft delete: orders placed to this address keep pointing at it. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<ShippingAddress[]> {
  await assertOwner(db, 'addresses', id, userId);
  await db
    .updateTable('addresses')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return listAddresses(db, userId);
}

export async function listBillingAddresses(db: Db, userId: number): Promise<BillingAddress[]> {
  const rows = await db
    .selectFrom('billing_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    vatCode: r.vat_code,
    ssnCode: r.ssn_code,
    companyName: r.company_name,
    address: r.address,
    streetNumber: r.street_number,
    zip: r.zip,
    city: r.city,
    county: r.county.trim(),
    nation: r.nation,
    phone: r.phone,
    fax: r.fax,
    pec: r.pec,
    recipientCode: r.recipient_code,
  }));
}

export async function saveBillingAddress(
  db: Db,
  userId: number,
  input: z.output<typeof billingAddressInput>,
): Promise<BillingAddress[]> {
  const values = {
    vat_code: input.vatCode,
    ssn_code: input.ssnCode,
    company_name: input.companyName,
    address: input.address,
    street_number: input.streetNumber,
    zip: input.zip,
    city: input.city,
    county: input.county,
    nation: 'IT',
    phone: input.phone,
    fax: input.fax,
    pec: input.pec,
    recipient_code: input.recipientCode,
  };
  if (input.id !== undefined) {
    await assertOwner(db, 'billing_addresses', input.id, userId);
    await db
      .updateTable('billing_addresses')
      .set(values)
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .execute();
  } else {
    await db
      .insertInto('billing_addresses')
      .values({ ...values, user_id: userId, deleted_at: null })
      .execute();
  }
  return listBillingAddresses(db, userId);
}

export async function deleteBillingAddress(db: Db, userId: number, id: number): Promise<BillingAddress[]> {
  await assertOwner(db, 'billing_addresses', id, userId);
  await db
    .updateTable('billing_addresses')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return listBillingAddresses(db, userId);
}
