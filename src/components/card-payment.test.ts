import { PAYMENT_RESULT_EVENT } from '#src/shared/contract/constants.ts';
import { describe, expect, it } from 'vitest';
import type { LegacyBoardingForm } from '#src/shared/contract/payments.ts';
import {
  boardingOutcome,
  cardFacts,
  legacyFormFields,
  lightboxResult,
  orderCodeOf,
  quoteLines,
  threeDsLanding,
} from '#src/components/card-payment.ts';

const provider = 'https://int-ecommerce.nexi.it';

describe('the lightbox result event (docs/product.md §4 Card state)', () => {
  it('is taken only from the provider origin and in its shape', () => {
    const data = { type: PAYMENT_RESULT_EVENT, esito: 'OK', codTrans: 'T1' };
    expect(lightboxResult(provider, data, provider)).toEqual({ esito: 'OK', codTrans: 'T1' });
    expect(lightboxResult('https://evil.example', data, provider)).toBeNull();
    expect(lightboxResult(provider, { ...data, type: 'other' }, provider)).toBeNull();
    expect(lightboxResult(provider, { ...data, esito: 'MAYBE' }, provider)).toBeNull();
    expect(lightboxResult(provider, 'XPay_Payment_Result', provider)).toBeNull();
    expect(lightboxResult(provider, null, provider)).toBeNull();
  });
  it('knows a shopper who closed it (ANNULLO) and a refusal (KO)', () => {
    expect(lightboxResult(provider, { type: PAYMENT_RESULT_EVENT, esito: 'ANNULLO' }, provider)).toEqual({
      esito: 'ANNULLO',
      codTrans: null,
    });
    expect(lightboxResult(provider, { type: PAYMENT_RESULT_EVENT, esito: 'KO', codTrans: 7 }, provider)).toEqual({
      esito: 'KO',
      codTrans: null,
    });
  });
});

describe('where the 3-D Secure frame landed (docs/product.md §4 Checkout steps)', () => {
  it('a shop page with confirm in its path is the thank-you page, any other shop page the failed page', () => {
    expect(threeDsLanding('/app/checkout/confirm', '/app')).toBe('confirm');
    expect(threeDsLanding('/app/checkout/confirm/', '/app/')).toBe('confirm');
    expect(threeDsLanding('/app/checkout/failed', '/app')).toBe('failed');
    expect(threeDsLanding('/app/', '/app')).toBe('failed');
    expect(threeDsLanding('/app', '/app')).toBe('failed');
  });
  it('the provider pages and the first empty frame are still on the way', () => {
    expect(threeDsLanding('srcdoc', '/app')).toBeNull();
    expect(threeDsLanding('/sandbox/xpay/3ds/confirm', '/app')).toBeNull();
    expect(threeDsLanding('/application/confirm', '/app')).toBeNull();
  });
});

describe('the legacy hosted form (docs/product.md §3 Legacy boarding form)', () => {
  it('posts every signed field but the server URL, which is where it goes', () => {
    const form: LegacyBoardingForm = {
      serverUrl: 'https://test.ipg-online.com/connect/gateway/processing',
      storename: '3300001',
      txntype: 'preauth',
      timezone: 'Europe/Rome',
      txndatetime: '2026:11:22-08:00:00',
      hash_algorithm: 'SHA256',
      chargetotal: '0.01',
      currency: '978',
      hash: 'abc',
      hosteddataid: 'h1',
      hosteddataidtype: 'A',
      addInfo3: 'x',
      addInfo4: 'y',
      responseSuccessURL: 'https://shop/app/payments?boarding=ok',
      responseFailURL: 'https://shop/app/payments?boarding=ko',
      transactionNotificationURL: 'https://shop/cli/pay/ipg/notify',
    };
    const fields = legacyFormFields(form);
    expect(fields.map(([name]) => name)).not.toContain('serverUrl');
    expect(fields).toHaveLength(Object.keys(form).length - 1);
    expect(Object.fromEntries(fields)).toMatchObject({ chargetotal: '0.01', hash: 'abc', txntype: 'preauth' });
  });
  it('reads the outcome the provider sends the shopper back with', () => {
    expect(boardingOutcome('?boarding=ok')).toBe('ok');
    expect(boardingOutcome('?boarding=ko&x=1')).toBe('ko');
    expect(boardingOutcome('?boarding=maybe')).toBeNull();
    expect(boardingOutcome('')).toBeNull();
  });
});

describe('the card and the hold as shown', () => {
  it('names the card by brand, masked number and expiry, with dashes for what the provider did not say', () => {
    expect(
      cardFacts({
        paymentMethodType: 'XPAY',
        provider: 'XPAY',
        brand: 'VISA',
        maskedPan: '434994******7007',
        expiry: '12/30',
        createdAt: '',
      }).map((f) => f.value),
    ).toEqual(['VISA', '434994******7007', '12/30']);
    expect(
      cardFacts({
        paymentMethodType: 'XPAY',
        provider: 'IPG',
        brand: null,
        maskedPan: null,
        expiry: null,
        createdAt: '',
      }).map((f) => f.value),
    ).toEqual(['Carta', '—', '—']);
  });
  it('explains the hold: total, the surcharge on variable-weight products, the amount', () => {
    const lines = quoteLines({
      totalToPay: 30.5,
      variableWeightTotal: 12.34,
      surchargePercent: 10,
      surcharge: 1.24,
      amount: 31.74,
    });
    expect(lines.map((l) => l.value.replace(/\s/g, ' '))).toEqual(['30,50 €', '1,24 €', '31,74 €']);
    expect(lines[1]!.label).toBe(
      'Maggiorazione del 10% sui prodotti a peso variabile (12,34 €)'.replace(' €', '\u00a0€'),
    );
    expect(
      quoteLines({ totalToPay: 30.5, variableWeightTotal: 0, surchargePercent: 10, surcharge: 0, amount: 30.5 }).map(
        (l) => l.label,
      ),
    ).toEqual(['Totale da pagare', 'Importo pre-autorizzato']);
  });
  it('takes an order code from the query only when it is there and of a sane length', () => {
    expect(orderCodeOf('?orderCode=%20A1B2%20')).toBe('A1B2');
    expect(orderCodeOf('?orderCode=')).toBeNull();
    expect(orderCodeOf(`?orderCode=${'9'.repeat(41)}`)).toBeNull();
    expect(orderCodeOf('')).toBeNull();
  });
});
