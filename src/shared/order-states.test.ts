import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './contract/checkout.ts';
import {
  canAbort,
  canAccept,
  canConfirm,
  canModify,
  canPayNow,
  confirmDeadline,
  payDeadline,
  statusLabel,
  canPick,
  nextStatuses,
  notYetPrepared,
  OPEN_STATUSES,
  showsOrderedRows,
} from './order-states.ts';

const ALL: OrderStatus[] = [
  'PAYMENT_PENDING',
  'TO_BE_PREPARED',
  'IN_PREPARATION',
  'TO_BE_COLLECTED',
  'TO_BE_DELIVERED',
  'ISSUING_RECEIPT',
  'COLLECTED',
  'DELIVERED',
  'NOT_COLLECTED',
  'REFUSED',
  'CANCELLED',
  'ABORTED',
];

describe('what an order allows in each status (decision 014)', () => {
  it('offers the store the next steps of the lifecycle: confirm a pre-order, pickup and delivery part after preparation', () => {
    expect(ALL.filter(canConfirm)).toEqual(['TO_BE_PREPARED']);
    expect(nextStatuses('TO_BE_PREPARED', 'DRIVE')).toEqual(['CANCELLED']);
    expect(nextStatuses('PAYMENT_PENDING', 'DRIVE')).toEqual(['CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'IN_STORE')).toEqual(['TO_BE_COLLECTED', 'CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'AT_HOME')).toEqual(['TO_BE_DELIVERED', 'CANCELLED']);
    expect(nextStatuses('ISSUING_RECEIPT', 'SHIPPED')).toEqual(['DELIVERED']);
    for (const done of ['COLLECTED', 'DELIVERED', 'ABORTED', 'CANCELLED', 'REFUSED', 'NOT_COLLECTED'] as const)
      expect(nextStatuses(done, 'IN_STORE')).toEqual([]);
  });

  it('lets the customer cancel until the receipt is issued, change a waiting order, pay or accept a confirmed one', () => {
    expect(ALL.filter((s) => canAbort(s))).toEqual([
      'PAYMENT_PENDING',
      'TO_BE_PREPARED',
      'IN_PREPARATION',
      'TO_BE_COLLECTED',
      'TO_BE_DELIVERED',
    ]);
    expect(ALL.filter((s) => canModify(s))).toEqual(['PAYMENT_PENDING', 'TO_BE_PREPARED']);
    expect(ALL.filter((s) => canPayNow(s, 'XPAY'))).toEqual(['PAYMENT_PENDING']);
    expect(ALL.filter((s) => canPayNow(s, 'CASH'))).toEqual([]);
    expect(ALL.filter((s) => canAccept(s, 'CASH'))).toEqual(['PAYMENT_PENDING']);
    expect(ALL.filter((s) => canAccept(s, 'BANCOMAT'))).toEqual(['PAYMENT_PENDING']);
    expect(ALL.filter((s) => canAccept(s, 'XPAY'))).toEqual([]);
  });

  it('lets amounts be set only in preparation', () => {
    expect(ALL.filter(canPick)).toEqual(['IN_PREPARATION']);
  });

  it('calls open exactly the statuses the store can still move', () => {
    expect(ALL.filter((s) => nextStatuses(s, 'IN_STORE').length > 0)).toEqual(OPEN_STATUSES);
  });

  it('shows the rows as ordered (or as confirmed) until the order is prepared, or when it stopped before', () => {
    expect(ALL.filter(notYetPrepared)).toEqual(['PAYMENT_PENDING', 'TO_BE_PREPARED', 'IN_PREPARATION']);
    expect(ALL.filter(showsOrderedRows)).toEqual(['PAYMENT_PENDING', 'TO_BE_PREPARED', 'IN_PREPARATION', 'ABORTED']);
  });

  it('names a confirmed order by what the shopper must do', () => {
    expect(statusLabel('PAYMENT_PENDING', 'XPAY')).toBe('Confermato: in attesa di pagamento');
    expect(statusLabel('PAYMENT_PENDING', 'CASH')).toBe('Confermato: in attesa della tua accettazione');
    expect(statusLabel('TO_BE_PREPARED', 'CASH')).toBe('In attesa di conferma del punto vendita');
  });

  it('gives the store until the cut-off to confirm, and the shopper 30 minutes to pay, never past the slot start', () => {
    const slot = new Date('2026-12-03T09:00:00Z');
    expect(confirmDeadline(slot, 120).toISOString()).toBe('2026-12-03T07:00:00.000Z');
    expect(payDeadline(new Date('2026-12-03T06:00:00Z'), slot).toISOString()).toBe('2026-12-03T06:30:00.000Z');
    expect(payDeadline(new Date('2026-12-03T08:45:00Z'), slot).toISOString()).toBe('2026-12-03T09:00:00.000Z');
  });
});
