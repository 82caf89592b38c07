// Shipping and billing addresses (docs/product.md §3, §5, §7).
import { z } from '#src/shared/zod.ts';
import { REQUIRED } from './profile-rules.ts';
import { schemasTurn } from './schemas-turn.ts';

await schemasTurn();

const COUNTY_LENGTH = 'La provincia deve avere 2 lettere';
const ZIP_LENGTH = 'Il CAP deve avere 5 cifre';
export const REGION = 'Puglia'; // fixed and disabled in the form (docs/product.md §2)

const required = (max = 120) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);
const optional = (max = 120) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const county = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .regex(/^[A-Z]{2}$/, COUNTY_LENGTH);
const zip = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^[0-9]{5}$/, ZIP_LENGTH);
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const shippingAddressInput = z.object({
  id: id.optional(),
  address: required(),
  streetNumber: required(20),
  state: z.string().optional(), // always Puglia: whatever is sent, the region is fixed
  city: required(80),
  county,
  zip,
  nation: z.string().optional(),
});

export const shippingAddress = z.object({
  id: z.number().int(),
  address: z.string(),
  streetNumber: z.string(),
  state: z.string(),
  city: z.string(),
  county: z.string(),
  zip: z.string(),
  nation: z.string(),
  homeDelivery: z.boolean(), // the city is served by home delivery (docs/product.md §9)
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

export const billingAddressInput = z.object({
  id: id.optional(),
  vatCode: required(20),
  ssnCode: optional(16),
  companyName: required(),
  address: required(),
  streetNumber: required(20),
  zip,
  city: required(80),
  county,
  nation: z.string().optional(),
  phone: required(20),
  fax: optional(20),
  pec: optional(254),
  recipientCode: optional(7),
});

export const billingAddress = z.object({
  id: z.number().int(),
  vatCode: z.string(),
  ssnCode: z.string().nullable(),
  companyName: z.string(),
  address: z.string(),
  streetNumber: z.string(),
  zip: z.string(),
  city: z.string(),
  county: z.string(),
  nation: z.string(),
  phone: z.string(),
  fax: z.string().nullable(),
  pec: z.string().nullable(),
  recipientCode: z.string().nullable(),
});
export type BillingAddress = z.infer<typeof billingAddress>;

export const deleteById = z.object({ id });
