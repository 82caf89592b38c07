// Shipping and billing address calls of spec §7; each answers the updated list.
import { Hono } from 'hono';
import { billingAddressInput, deleteById, shippingAddressInput } from '#src/shared/contract/addresses.ts';
import { requireUser, type AuthEnv } from '../auth/require-user.ts';
import { ok, jsonBody } from '../http.ts';
import {
  deleteAddress,
  deleteBillingAddress,
  listAddresses,
  listBillingAddresses,
  saveAddress,
  saveBillingAddress,
} from '../services/addresses.ts';

const auth = requireUser();

export const addressRoutes = new Hono<AuthEnv>()
  .get('/profiles/addresses', auth, async (c) => ok(c, await listAddresses(c.var.db, c.var.session.userId)))
  .post('/profiles/addresses', auth, jsonBody(shippingAddressInput), async (c) =>
    ok(c, await saveAddress(c.var.db, c.var.session.userId, c.req.valid('json'))),
  )
  .post('/profiles/addresses/delete', auth, jsonBody(deleteById), async (c) =>
    ok(c, await deleteAddress(c.var.db, c.var.session.userId, c.req.valid('json').id)),
  )
  .get('/profiles/billing/addresses', auth, async (c) =>
    ok(c, await listBillingAddresses(c.var.db, c.var.session.userId)),
  )
  .post('/profiles/billing/addresses', auth, jsonBody(billingAddressInput), async (c) =>
    ok(c, await saveBillingAddress(c.var.db, c.var.session.userId, c.req.valid('json'))),
  )
  .post('/profiles/billing/addresses/delete', auth, jsonBody(deleteById), async (c) =>
    ok(c, await deleteBillingAddress(c.var.db, c.var.session.userId, c.req.valid('json').id)),
  );
