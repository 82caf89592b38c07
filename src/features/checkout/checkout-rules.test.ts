import { describe, expect, it } from 'vitest';
import type { BillingAddress } from '#src/shared/contract/addresses.ts';
import { offeredModes } from '#src/shared/payment-rules.ts';
import { billingComplete, canConfirm, contactProblem, type CheckoutData } from './checkout-rules.ts';

const billing: BillingAddress = {
  id: 1,
  vatCode: '01234567890',
  ssnCode: null,
  companyName: 'Forno Rossi srl',
  address: 'Via Sparano',
  streetNumber: '10',
  zip: '70121',
  city: 'Bari',
  county: 'BA',
  nation: 'IT',
  phone: '0801234567',
  fax: null,
  pec: null,
  recipientCode: null,
};
const data: CheckoutData = {
  profileEmail: 'anna@example.it',
  profileMobilePhone: '3331234567',
  firstName: 'Anna',
  lastName: 'Rossi',
  notes: '',
  invoice: false,
  billingAddressId: null,
  enableProductsReplacement: null,
  acceptChanges: true,
  acceptChangesLimit: 10,
  paymentMode: null,
};

describe('checkout rules (docs/product.md §5)', () => {
  it('takes a billing address as complete only with every required field', () => {
    expect(billingComplete(billing)).toBe(true);
    expect(billingComplete({ ...billing, phone: ' ' })).toBe(false);
    expect(billingComplete({ ...billing, county: '' })).toBe(false);
    expect(billingComplete(null)).toBe(false);
  });
  it('enables confirm only with a replacement choice and a payment mode', () => {
    expect(canConfirm(data, 3)).toBe(false);
    expect(canConfirm({ ...data, enableProductsReplacement: false }, 3)).toBe(false);
    expect(canConfirm({ ...data, paymentMode: 'CASH' }, 3)).toBe(false);
    expect(canConfirm({ ...data, enableProductsReplacement: false, paymentMode: 'CASH' }, 3)).toBe(true);
  });
  it('asks no replacement choice when every row has its own', () => {
    expect(canConfirm({ ...data, paymentMode: 'CASH' }, 0)).toBe(true);
    expect(canConfirm(data, 0)).toBe(false);
  });
  it('checks the contact data', () => {
    expect(contactProblem(data)).toBeNull();
    expect(contactProblem({ ...data, profileMobilePhone: '333' })?.message).toBe('Numero di cellulare non valido');
    expect(contactProblem({ ...data, profileEmail: 'anna' })?.message).toBe('Indirizzo email non valido');
  });
  it('lists the payment modes in the shop order', () => {
    expect(offeredModes(['XPAY', 'CASH', 'BANCOMAT', 'OTHER'])).toEqual(['CASH', 'BANCOMAT', 'XPAY']);
  });
});
