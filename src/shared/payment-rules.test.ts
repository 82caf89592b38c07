import { describe, expect, it } from 'vitest';
import { modeEnabled, offeredModes, PAYMENT_MODE_LABELS } from './payment-rules.ts';

describe('the payment rules', () => {
  it('name the modes in Italian and offer them in the shop order, whatever the server lists', () => {
    expect(PAYMENT_MODE_LABELS).toEqual({ CASH: 'Contanti', BANCOMAT: 'Bancomat', XPAY: 'Carta di credito' });
    expect(offeredModes(['XPAY', 'CASH', 'BANCOMAT', 'OTHER'])).toEqual(['CASH', 'BANCOMAT', 'XPAY']);
  });

  it('offer the card only with ENABLED_PAYMENTS', () => {
    expect(modeEnabled('XPAY', { ENABLED_PAYMENTS: false })).toBe(false);
    expect(modeEnabled('XPAY', { ENABLED_PAYMENTS: true })).toBe(true);
    expect(modeEnabled('CASH', { ENABLED_PAYMENTS: false })).toBe(true);
  });
});
