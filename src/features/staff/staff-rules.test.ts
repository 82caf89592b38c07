import { describe, expect, it } from 'vitest';
import type { Order } from '#src/shared/contract/checkout.ts';
import { bySlot, canPick, nextStatuses, parseAmount, roleOf } from './staff-rules.ts';

const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('the staff screen rules', () => {
  it('offers the store the next steps of the lifecycle: pickup and delivery part after preparation', () => {
    expect(nextStatuses('TO_BE_PREPARED', 'DRIVE')).toEqual(['IN_PREPARATION', 'CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'IN_STORE')).toEqual(['TO_BE_COLLECTED', 'CANCELLED']);
    expect(nextStatuses('IN_PREPARATION', 'AT_HOME')).toEqual(['TO_BE_DELIVERED', 'CANCELLED']);
    expect(nextStatuses('ISSUING_RECEIPT', 'SHIPPED')).toEqual(['DELIVERED']);
    for (const done of ['COLLECTED', 'DELIVERED', 'ABORTED', 'CANCELLED', 'REFUSED', 'NOT_COLLECTED'] as const) expect(nextStatuses(done, 'IN_STORE')).toEqual([]);
  });
  it('reads the role from the session token, and nothing from a broken one', () => {
    expect(roleOf(token({ role: 'OPERATOR', sub: '3' }))).toBe('OPERATOR');
    expect(roleOf(token({ role: 'CUSTOMER' }))).toBe('CUSTOMER');
    expect(roleOf('not-a-token')).toBeNull();
    expect(roleOf(null)).toBeNull();
  });
  it('reads picked amounts with a comma or a dot and refuses the rest', () => {
    expect(parseAmount('0,8')).toBe(0.8);
    expect(parseAmount(' 3 ')).toBe(3);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('tre')).toBeNull();
  });
  it('lets amounts be set only in preparation and groups orders by slot in time order', () => {
    expect(canPick({ status: 'IN_PREPARATION' })).toBe(true);
    expect(canPick({ status: 'TO_BE_PREPARED' })).toBe(false);
    const at = (id: number, from: string) => ({ id, cart: { delivery: { timeSlot: { weekDay: 3, validFrom: from, validTo: from } } } }) as unknown as Order;
    const groups = bySlot([at(1, '2026-05-12T09:00:00.000Z'), at(2, '2026-05-12T07:00:00.000Z'), at(3, '2026-05-12T09:00:00.000Z')]);
    expect(groups.map((g) => g.orders.map((o) => o.id))).toEqual([[2], [1, 3]]);
  });
});
