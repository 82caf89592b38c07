import { describe, expect, it } from 'vitest';
import type { CartItem } from '#src/shared/contract/cart.ts';
import { cartItem } from '#src/shared/contract/cart.test-data.ts';
import type { Order, OrderStatus } from '#src/shared/contract/checkout.ts';
import { canAbort, canPayNow } from '#src/shared/order-states.ts';
import { cardPaymentFacts, preparedTotals, shownRows } from './order-view.ts';

const item = (id: number, weight: number): CartItem =>
  cartItem({
    id,
    ref: 'r',
    barcode: '8000000000001',
    description: 'Pane di Altamura',
    um: 'KG',
    purchaseUm: 'KG',
    amount: null,
    weight,
    umStep: 0.5,
    maxAmount: null,
    price: 4,
    netPrice: 4,
    rowNetPrice: 4 * weight,
  });

function order(status: OrderStatus, withOperator = true): Order {
  return {
    id: 1,
    number: 'W00000001',
    code: '123456',
    pickupCode: null,
    status,
    deliveryDate: null,
    confirmedAt: null,
    expiresAt: null,
    requestedTotal: null,
    acceptChanges: true,
    acceptChangesLimit: 10,
    withinChoices: null,
    createdAt: '2026-05-12T08:00:00.000Z',
    cart: { items: [item(1, 1)] } as Order['cart'],
    operatorCart: withOperator ? { netTotal: 3.2, total: 3.2, itemsCount: 1, payed: null } : null,
    preparedCartItems: status === 'TO_BE_PREPARED' ? [] : [item(1, 0.8)],
    cardPayment: null,
  };
}

describe('an order by status (docs/product.md §4)', () => {
  it('shows the original rows until it is prepared, and when aborted or waiting for payment', () => {
    for (const s of ['TO_BE_PREPARED', 'IN_PREPARATION', 'ABORTED', 'PAYMENT_PENDING'] as const)
      expect(shownRows(order(s)).kind).toBe('original');
    expect(shownRows(order('COLLECTED'))).toMatchObject({ kind: 'prepared', items: [{ weight: 0.8 }] });
  });
  it('shows the ordered rows of an order the store cancelled before picking anything', () => {
    const cancelled = { ...order('CANCELLED', false), preparedCartItems: [item(1, 1)] };
    expect(shownRows(cancelled)).toMatchObject({ kind: 'original', items: [{ weight: 1 }] });
    const picked = { ...order('CANCELLED'), preparedCartItems: [{ ...item(1, 0.8), operatorAmount: 0.8 }] };
    expect(shownRows(picked)).toMatchObject({ kind: 'prepared', items: [{ weight: 0.8 }] });
  });
  it('shows prepared totals only with an operator cart past preparation', () => {
    expect(preparedTotals(order('IN_PREPARATION'))).toBeNull();
    expect(preparedTotals(order('TO_BE_COLLECTED'))).toMatchObject({ total: 3.2 });
    expect(preparedTotals(order('DELIVERED', false))).toBeNull();
  });
  it('allows abort until the receipt is issued, pay-now only while PAYMENT_PENDING', () => {
    expect(
      ['TO_BE_PREPARED', 'PAYMENT_PENDING', 'IN_PREPARATION', 'ISSUING_RECEIPT', 'ABORTED'].map((s) =>
        canAbort(s as OrderStatus),
      ),
    ).toEqual([true, true, true, false, false]);
    expect(canPayNow('PAYMENT_PENDING')).toBe(true);
    expect(canPayNow('TO_BE_PREPARED')).toBe(false);
  });
});

describe('the card payment of an order (docs/architecture.md §4)', () => {
  it('shows the hold while it is only authorised', () => {
    expect(cardPaymentFacts({ status: 'AUTHORISED', authorised: 31.46, captured: null })).toEqual([
      { label: 'Importo pre-autorizzato', value: 31.46 },
    ]);
  });
  it('after the capture shows what was charged and the rest of the hold released, to the cent', () => {
    expect(cardPaymentFacts({ status: 'CAPTURED', authorised: 31.46, captured: 29.17 })).toEqual([
      { label: 'Importo pre-autorizzato', value: 31.46 },
      { label: 'Importo addebitato', value: 29.17 },
      { label: 'Importo rilasciato', value: 2.29 },
    ]);
    expect(cardPaymentFacts({ status: 'CAPTURED', authorised: 20.1, captured: 20.1 }).map((f) => f.label)).toEqual([
      'Importo pre-autorizzato',
      'Importo addebitato',
    ]);
  });
  it('a voided hold is released whole', () => {
    expect(cardPaymentFacts({ status: 'VOIDED', authorised: 12.5, captured: null })).toEqual([
      { label: 'Importo pre-autorizzato', value: 12.5 },
      { label: 'Importo rilasciato', value: 12.5 },
    ]);
  });
});
