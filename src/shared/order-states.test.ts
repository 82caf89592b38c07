import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './contract/checkout.ts';
import {
  canAbort,
  canAccept,
  canConfirm,
  canModify,
  canPayNow,
  confirmDeadline,
  answerDeadline,
  reminderAt,
  withinChoices,
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

  it('gives the store until the cut-off to confirm', () => {
    expect(confirmDeadline(new Date('2026-12-03T09:00:00Z'), 120).toISOString()).toBe('2026-12-03T07:00:00.000Z');
  });
});

/** An instant written as Rome's wall clock in December (UTC+1). */
const rome = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const romeSummer = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

describe('how long a confirmed order waits for the shopper (decision 018)', () => {
  it.each([
    // confirmed at, slot start, cut-off minutes, deadline, reminder
    [
      'in the morning for the evening: until the cut-off, reminded an hour before',
      rome('2026-12-03', '10:00'),
      rome('2026-12-03', '18:00'),
      120,
      rome('2026-12-03', '16:00'),
      rome('2026-12-03', '15:00'),
    ],
    [
      'at 22:00 for 09:00 the next day: not in the night, an hour after 07:00',
      rome('2026-12-03', '22:00'),
      rome('2026-12-04', '09:00'),
      120,
      rome('2026-12-04', '08:00'),
      rome('2026-12-04', '07:00'),
    ],
    [
      'at 03:00 for 10:00: an hour of waking time after 07:00',
      rome('2026-12-04', '03:00'),
      rome('2026-12-04', '10:00'),
      120,
      rome('2026-12-04', '08:00'),
      rome('2026-12-04', '07:00'),
    ],
    [
      'close to the cut-off: at least an hour, reminded halfway',
      rome('2026-12-03', '15:30'),
      rome('2026-12-03', '18:00'),
      120,
      rome('2026-12-03', '16:30'),
      rome('2026-12-03', '16:00'),
    ],
    [
      'at 21:30 for 08:00: the night is skipped, the reminder goes before it',
      rome('2026-12-03', '21:30'),
      rome('2026-12-04', '08:00'),
      120,
      rome('2026-12-04', '07:00'),
      rome('2026-12-03', '21:30'),
    ],
    [
      'late for an early slot: always 30 minutes before the slot starts',
      rome('2026-12-04', '07:10'),
      rome('2026-12-04', '08:00'),
      120,
      rome('2026-12-04', '07:30'),
      rome('2026-12-04', '07:20'),
    ],
    [
      'across the change to summer time',
      romeSummer('2026-03-29', '09:00'),
      romeSummer('2026-03-29', '19:00'),
      120,
      romeSummer('2026-03-29', '17:00'),
      romeSummer('2026-03-29', '16:00'),
    ],
  ])('%s', (_, confirmedAt, slotStart, cutoff, deadline, reminder) => {
    const due = answerDeadline(confirmedAt, slotStart, cutoff);
    expect(due.toISOString()).toBe(deadline.toISOString());
    expect(reminderAt(confirmedAt, due).toISOString()).toBe(reminder.toISOString());
  });

  it('never ends in the night, never before the confirmation, never after the slot starts', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 10) {
      const confirmedAt = new Date(rome('2026-12-03', '00:00').getTime() + minutes * 60_000);
      for (const slot of [rome('2026-12-04', '08:00'), rome('2026-12-04', '12:00'), rome('2026-12-04', '20:00')]) {
        if (confirmedAt.getTime() >= slot.getTime() - 120 * 60_000) continue;
        const due = answerDeadline(confirmedAt, slot, 120);
        const hour = Number(
          due.toLocaleString('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }),
        );
        expect(hour >= 7 && hour < 22, `${confirmedAt.toISOString()} → ${due.toISOString()}`).toBe(true);
        expect(due.getTime()).toBeGreaterThanOrEqual(confirmedAt.getTime());
        expect(due.getTime()).toBeLessThanOrEqual(slot.getTime());
        const reminder = reminderAt(confirmedAt, due);
        expect(reminder.getTime()).toBeLessThan(due.getTime());
        expect(reminder.getTime()).toBeGreaterThanOrEqual(confirmedAt.getTime());
      }
    }
  });
});

describe('what goes through without the shopper (decision 018)', () => {
  const accepts = { acceptChanges: true, limitCents: 1000 };
  it('takes every order confirmed as ordered, whatever the shopper chose', () => {
    expect(withinChoices(false, 0, { acceptChanges: false, limitCents: null })).toBe(true);
  });
  it('takes changes within the limit, either way, only when the shopper accepted changes', () => {
    expect(withinChoices(true, -1000, accepts)).toBe(true);
    expect(withinChoices(true, 1000, accepts)).toBe(true);
    expect(withinChoices(true, 1001, accepts)).toBe(false);
    expect(withinChoices(true, -1001, accepts)).toBe(false);
    expect(withinChoices(true, 0, { acceptChanges: false, limitCents: 1000 })).toBe(false);
  });
});
