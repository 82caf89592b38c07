// The pushes' texts: every notice kind names the order, says what to do by when (on
// Rome's clock), opens the orders page, and keeps amounts off the lock screen.
import { describe, expect, it } from 'vitest';
import { orderPushMessage, type OrderPushNotice } from './order-pushes.ts';

const KINDS: OrderPushNotice[] = [
  'CONFIRMED',
  'IN_PREPARATION',
  'HOLD_REFUSED',
  'REMINDER',
  'READY',
  'OUT_FOR_DELIVERY',
  'EXPIRED',
  'CANCELLED_BY_STORE',
];

describe('the push of each notice', () => {
  it.each(KINDS)('%s names the order, opens the orders page and shows no amount', (kind) => {
    const message = orderPushMessage(kind, { orderNumber: 'W00000042', paymentMode: 'CASH' });
    expect(message.title.length).toBeGreaterThan(0);
    expect(message.title.length + message.body.length).toBeLessThan(160);
    expect(message.body).toContain('W00000042');
    expect(message.body).not.toContain('€');
    expect(message).toMatchObject({ url: '/app/profile/orders', tag: 'ordine-W00000042' });
  });

  it('says to pay or to accept by the deadline, on the clock of Rome', () => {
    // 16:30 UTC on 12 December is 17:30 in Rome (winter); 16:30 UTC on 12 June is 18:30 (summer).
    const card = orderPushMessage('CONFIRMED', {
      orderNumber: 'W1',
      paymentMode: 'XPAY',
      deadline: '2026-12-12T16:30:00Z',
    });
    expect(card.body).toBe("Il punto vendita ha controllato l'ordine W1: pagalo entro le 17:30 del 12 dicembre.");
    const cash = orderPushMessage('REMINDER', {
      orderNumber: 'W2',
      paymentMode: 'CASH',
      deadline: '2027-06-12T16:30:00Z',
    });
    expect(cash.body).toBe("L'ordine W2 è confermato: accettalo entro le 18:30 del 12 giugno, poi scade.");
  });
});
