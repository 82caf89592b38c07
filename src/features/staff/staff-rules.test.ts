import { describe, expect, it } from 'vitest';
import { orderStatus, type Order } from '#src/shared/contract/checkout.ts';
import { nextStatuses as serverNextStatuses } from '#src/server/services/order-lifecycle.ts';
import { bySlot, canPick, nextStatuses, parseAmount, roleOf } from './staff-rules.ts';

const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('the staff screen rules', () => {
  it('offers exactly the transitions the server allows, for every status and mode', () => {
    for (const status of orderStatus.options) {
      for (const mode of ['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED']) expect(nextStatuses(status, mode)).toEqual(serverNextStatuses(status, mode));
    }
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
