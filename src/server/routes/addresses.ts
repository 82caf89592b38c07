// Shipping and billing address calls of docs/product.md §7; each answers the updated list.
import { Hono } from 'hono';
import { profileCalls as calls } from '#src/shared/contract/endpoints.ts';
import { requireUser, type AuthEnv } from '../auth/require-user.ts';
import { inputOf, ok } from '../http.ts';
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
  .on(calls.addresses.method, calls.addresses.path, auth, async (c) =>
    ok(c, await listAddresses(c.get('db'), c.get('session').userId)),
  )
  .on(calls.saveAddress.method, calls.saveAddress.path, auth, inputOf(calls.saveAddress), async (c) =>
    ok(c, await saveAddress(c.get('db'), c.get('session').userId, c.req.valid('json'))),
  )
  .on(calls.deleteAddress.method, calls.deleteAddress.path, auth, inputOf(calls.deleteAddress), async (c) =>
    ok(c, await deleteAddress(c.get('db'), c.get('session').userId, c.req.valid('json').id)),
  )
  .on(calls.billingAddresses.method, calls.billingAddresses.path, auth, async (c) =>
    ok(c, await listBillingAddresses(c.get('db'), c.get('session').userId)),
  )
  .on(
    calls.saveBillingAddress.method,
    calls.saveBillingAddress.path,
    auth,
    inputOf(calls.saveBillingAddress),
    async (c) => ok(c, await saveBillingAddress(c.get('db'), c.get('session').userId, c.req.valid('json'))),
  )
  .on(
    calls.deleteBillingAddress.method,
    calls.deleteBillingAddress.path,
    auth,
    inputOf(calls.deleteBillingAddress),
    async (c) => ok(c, await deleteBillingAddress(c.get('db'), c.get('session').userId, c.req.valid('json').id)),
  );
