// The pushes of an order's lifecycle (decision 014), in Italian: a title and one line per
// notice kind, as a phone's lock screen shows them. order-notices.ts queues one with each
// mail; a new kind of notice needs its text here (the type checker says so). They name
// the order and what to do, never an amount or the pickup code: a lock screen is seen
// by anyone near the phone.
import type { PushMessage } from '#src/shared/contract/push.ts';
import { MONTHS, pad2, romeWallClock } from '#src/shared/rome-clock.ts';
import { routes } from '#src/shared/routes.ts';

export interface OrderPushInput {
  /** The order's number, e.g. W00000012. */
  orderNumber: string;
  paymentMode: 'CASH' | 'BANCOMAT' | 'XPAY';
  /** ISO instant by which the shopper must pay or accept. */
  deadline?: string;
}

/** ' entro le 18:30 del 12 dicembre', on Rome's clock, or nothing without a deadline. */
function by(deadline: string | undefined): string {
  if (!deadline) return '';
  const c = romeWallClock(new Date(deadline));
  return ` entro le ${pad2(c.hour)}:${pad2(c.minute)} del ${c.day} ${MONTHS[c.month - 1]}`;
}

const payOrAccept = (o: OrderPushInput) => (o.paymentMode === 'XPAY' ? 'pagalo' : 'accettalo');

const TEXTS = {
  CONFIRMED: (o: OrderPushInput) => ({
    title: 'Disponibilità confermata',
    body: `Il punto vendita ha controllato l'ordine ${o.orderNumber}: ${payOrAccept(o)}${by(o.deadline)}.`,
  }),
  IN_PREPARATION: (o: OrderPushInput) => ({
    title: 'Ordine in preparazione',
    body: `Il punto vendita ha confermato l'ordine ${o.orderNumber}: non devi fare nulla.`,
  }),
  HOLD_REFUSED: (o: OrderPushInput) => ({
    title: 'Carta non accettata',
    body: `Paga l'ordine ${o.orderNumber}${by(o.deadline)} con la verifica della tua banca.`,
  }),
  REMINDER: (o: OrderPushInput) => ({
    title: 'Il tuo ordine ti aspetta',
    body: `L'ordine ${o.orderNumber} è confermato: ${payOrAccept(o)}${by(o.deadline)}, poi scade.`,
  }),
  READY: (o: OrderPushInput) => ({
    title: 'Ordine pronto per il ritiro',
    body: `L'ordine ${o.orderNumber} è pronto: il codice di ritiro è nella pagina dell'ordine.`,
  }),
  OUT_FOR_DELIVERY: (o: OrderPushInput) => ({
    title: 'Ordine in consegna',
    body: `L'ordine ${o.orderNumber} arriva nella fascia oraria che hai prenotato.`,
  }),
  EXPIRED: (o: OrderPushInput) => ({
    title: 'Ordine scaduto',
    body: `L'ordine ${o.orderNumber} è scaduto: la fascia oraria prenotata è di nuovo libera.`,
  }),
  CANCELLED_BY_STORE: (o: OrderPushInput) => ({
    title: 'Ordine annullato',
    body: `Il punto vendita ha annullato l'ordine ${o.orderNumber}.`,
  }),
} satisfies Record<string, (o: OrderPushInput) => { title: string; body: string }>;

/** A notice kind that has its push: every kind of order-notices.ts must be one. */
export type OrderPushNotice = keyof typeof TEXTS;

/** The push of `notice` about an order: its text, the orders page, one notification per order. */
export const orderPushMessage = (notice: OrderPushNotice, input: OrderPushInput): PushMessage => ({
  ...TEXTS[notice](input),
  url: routes.profileOrders,
  tag: `ordine-${input.orderNumber}`,
});
