import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './contract/checkout.ts';
import {
  canAbort,
  canPayNow,
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

describe('what an order allows in each status', () => {
  it('offers the store the next steps of the lifecycle: pickup and delivery part after preparation', () => {
    expect(nextStatuses('TO_BE_PREPARED', 'DRIVE')).toEqual(['IN_PREPARATION', 'CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'IN_STORE')).toEqual(['TO_BE_COLLECTED', 'CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'AT_HOME')).toEqual(['TO_BE_DELIVERED', 'CANCELLED']);
    expect(nextStatuses('ISSUING_RECEIPT', 'SHIPPED')).toEqual(['DELIVERED']);
    for (const done of ['COLLECTED', 'DELIVERED', 'ABORTED', 'CANCELLED', 'REFUSED', 'NOT_COLLECTED'] as const)
      expect(nextStatuses(done, 'IN_STORE')).toEqual([]);
  });

  it('lets the customer cancel only before preparation, and pay only a card order waiting for it', () => {
    expect(ALL.filter(canAbort)).toEqual(['PAYMENT_PENDING', 'TO_BE_PREPARED']);
    expect(ALL.filter(canPayNow)).toEqual(['PAYMENT_PENDING']);
  });

  it('lets amounts be set only in preparation', () => {
    expect(ALL.filter(canPick)).toEqual(['IN_PREPARATION']);
  });

  it('calls open exactly the statuses the store can still move', () => {
    expect(ALL.filter((s) => nextStatuses(s, 'IN_STORE').length > 0)).toEqual(OPEN_STATUSES);
  });

  it('shows the rows as ordered until the order is prepared, or when it stopped before', () => {
    expect(ALL.filter(notYetPrepared)).toEqual(['TO_BE_PREPARED', 'IN_PREPARATION']);
    expect(ALL.filter(showsOrderedRows)).toEqual(['PAYMENT_PENDING', 'TO_BE_PREPARED', 'IN_PREPARATION', 'ABORTED']);
  });
});
