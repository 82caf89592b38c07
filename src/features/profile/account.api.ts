// The account calls of spec §7 the profile screens make, through the one
// client (bearer token, codes → Italian messages, 401/403 rules).
import { z } from 'zod';
import { api } from '#src/lib/api-client.ts';
import {
  billingAddress,
  shippingAddress,
  type BillingAddress,
  type ShippingAddress,
} from '#src/shared/contract/addresses.ts';
import type { SignupRequest } from '#src/shared/contract/auth.ts';
import { profile, type Profile } from '#src/shared/contract/session.ts';

const none = z.null();

export const signup = (body: SignupRequest) => api.data('post', '/cli/profiles/signup', none, { json: body });
export const requestReset = (email: string) =>
  api.data('post', '/cli/profiles/password', none, { json: { tid: '01', email } });
export const resetPassword = (token: string, newPassword: string, passwordConfirm: string) =>
  api.data('post', '/cli/profiles/password/reset', none, { json: { token, newPassword, passwordConfirm } });
export const changePassword = (oldPassword: string, newPassword: string) =>
  api.data('post', '/cli/profiles/password/change', none, { json: { oldPassword, newPassword } });

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  mobilePhone: string;
  ssnCode: string;
  cards: { code: string; principal: boolean; enabled: boolean }[];
}
export const updateProfile = (changes: ProfileChanges): Promise<Profile> =>
  api.data('put', '/cli/profiles', profile, { json: changes });
export const requestDeletion = () => api.data('post', '/cli/profiles/deleteRequest', none, { json: {} });

const shippingList = z.array(shippingAddress);
export type ShippingInput = Omit<ShippingAddress, 'id' | 'homeDelivery' | 'nation'> & {
  id?: number | undefined;
  nation: 'IT';
};
export const listAddresses = () => api.data('get', '/cli/profiles/addresses', shippingList);
export const saveAddress = (input: ShippingInput) =>
  api.data('post', '/cli/profiles/addresses', shippingList, { json: input });
export const deleteAddress = (id: number) =>
  api.data('post', '/cli/profiles/addresses/delete', shippingList, { json: { id } });

const billingList = z.array(billingAddress);
export type BillingInput = Omit<BillingAddress, 'id' | 'nation'> & { id?: number | undefined; nation: 'IT' };
export const listBilling = () => api.data('get', '/cli/profiles/billing/addresses', billingList);
export const saveBilling = (input: BillingInput) =>
  api.data('post', '/cli/profiles/billing/addresses', billingList, { json: input });
export const deleteBilling = (id: number) =>
  api.data('post', '/cli/profiles/billing/addresses/delete', billingList, { json: { id } });
