import { api } from '#src/lib/api-client.ts';
import { profileCalls } from '#src/shared/contract/calls.generated.ts';
import type { BillingAddress, ShippingAddress } from '#src/shared/contract/addresses.ts';
import type { SignupRequest } from '#src/shared/contract/auth.ts';
import type { Profile } from '#src/shared/contract/session.ts';

export const signup = (body: SignupRequest) => api.data(profileCalls.signup, { body });
export const requestReset = (email: string) => api.data(profileCalls.requestReset, { body: { tid: '01', email } });
export const resetPassword = (token: string, newPassword: string, passwordConfirm: string) =>
  api.data(profileCalls.resetPassword, { body: { token, newPassword, passwordConfirm } });
export const changePassword = (oldPassword: string, newPassword: string) =>
  api.data(profileCalls.changePassword, { body: { oldPassword, newPassword } });

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  mobilePhone: string;
  ssnCode: string;
  cards: { code: string; principal: boolean; enabled: boolean }[];
}
export const updateProfile = (changes: ProfileChanges): Promise<Profile> =>
  api.data(profileCalls.update, { body: changes });
export const requestDeletion = () => api.data(profileCalls.requestDeletion);

export type ShippingInput = Omit<ShippingAddress, 'id' | 'homeDelivery' | 'nation'> & {
  id?: number | undefined;
  nation: 'IT';
};
export const listAddresses = () => api.data(profileCalls.addresses);
export const saveAddress = (input: ShippingInput) => api.data(profileCalls.saveAddress, { body: input });
export const deleteAddress = (id: number) => api.data(profileCalls.deleteAddress, { body: { id } });

export type BillingInput = Omit<BillingAddress, 'id' | 'nation'> & { id?: number | undefined; nation: 'IT' };
export const listBilling = () => api.data(profileCalls.billingAddresses);
export const saveBilling = (input: BillingInput) => api.data(profileCalls.saveBillingAddress, { body: input });
export const deleteBilling = (id: number) => api.data(profileCalls.deleteBillingAddress, { body: { id } });
