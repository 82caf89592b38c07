// The mails of an order's lifecycle (decision 014), in Italian: the pre-order
// sent to the store, the store confirmed availability (pay or accept by a
// deadline), in preparation, ready for pickup, out for delivery, expired,
// cancelled by the store. Each is an outline (greeting, paragraphs, the pickup
// code, the order's facts, changed rows, the button to the order) put in the
// shop's one mail layout (layout.ts, decision 023). Money in Italian euro
// (formatEuro), times on Rome's clock; the prepared total is labelled as what
// is paid, as on the orders page (shared/order-charge.ts).
import { formatEuro } from '#src/shared/contract/money.ts';
import { chargeLabel, ORDERED_TOTAL_LABEL, payPlace } from '#src/shared/order-charge.ts';
import { MONTHS, pad2, romeWallClock, WEEKDAYS } from '#src/shared/rome-clock.ts';
import { type MailContent, type RenderedMail, renderMail } from './layout.ts';

export interface OrderMailInput {
  firstName: string;
  /** The order's number, e.g. W00000012. */
  orderNumber: string;
  /** The pickup code, once issued. */
  code: string | null;
  storeDescription: string;
  slot: { validFrom: string; validTo: string } | null;
  /** The booked total, euro. */
  total: number;
  /** The prepared (picked) total, euro, once the store picked the order: what is paid. */
  prepared?: number;
  paymentMode: 'CASH' | 'BANCOMAT' | 'XPAY';
  /** Collected in store or at the drive (true), or delivered (false); unknown: either. */
  pickup?: boolean;
  /** ISO instant by which the shopper must pay or accept. */
  deadline?: string;
  changes?: {
    description: string;
    outcome: 'UNAVAILABLE' | 'SUBSTITUTED';
    substitute?: { description: string; price: number };
  }[];
  /** The order's page, on the shop's address (which also gives the mail its logo). */
  link: string;
}

/** What each mail says besides the greeting, the order's facts and the closing thanks. */
interface Outline {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Shown before the order's facts, large. */
  withCode?: boolean;
  facts?: MailContent['facts'];
  changes?: string[];
  action: { text: string; label: string };
  closing?: string[];
}

/** 'sabato 12 dicembre 2026' of an instant, in Rome. */
function romeDay(instant: Date): string {
  const c = romeWallClock(instant);
  const weekday = WEEKDAYS[new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay()]!;
  return `${weekday} ${c.day} ${MONTHS[c.month - 1]} ${c.year}`;
}
const romeHour = (instant: Date) => {
  const c = romeWallClock(instant);
  return `${pad2(c.hour)}:${pad2(c.minute)}`;
};
/** 'sabato 12 dicembre 2026 alle 09:30'. */
const romeDateTime = (iso: string) => `${romeDay(new Date(iso))} alle ${romeHour(new Date(iso))}`;

/** 'sabato 12 dicembre 2026, dalle 10:00 alle 12:00' (or from one day to another). */
function slotText(slot: NonNullable<OrderMailInput['slot']>): string {
  const from = new Date(slot.validFrom);
  const to = new Date(slot.validTo);
  return romeDay(from) === romeDay(to)
    ? `${romeDay(from)}, dalle ${romeHour(from)} alle ${romeHour(to)}`
    : `dal ${romeDateTime(slot.validFrom)} al ${romeDateTime(slot.validTo)}`;
}

/** The order, the store, the slot and the total ('Totale', or `totalLabel` beside a prepared total). */
function orderFacts(input: OrderMailInput, totalLabel = 'Totale'): NonNullable<MailContent['facts']> {
  return [
    { label: 'Ordine', value: input.orderNumber },
    { label: 'Punto vendita', value: input.storeDescription },
    ...(input.slot ? [{ label: 'Fascia oraria', value: slotText(input.slot) }] : []),
    { label: totalLabel, value: formatEuro(input.total) },
  ];
}

/** How a cash or bancomat order is paid, as the sentence says it. */
const paidWith = (mode: OrderMailInput['paymentMode']) => (mode === 'BANCOMAT' ? 'con il bancomat' : 'in contanti');
/** Where: at pickup, at delivery, or either when the mail does not know. */
const where = (input: OrderMailInput) =>
  input.pickup === undefined ? 'al ritiro o alla consegna' : payPlace(input.pickup);

function render(input: OrderMailInput, o: Outline): Promise<RenderedMail> {
  return renderMail(
    {
      subject: o.subject,
      heading: o.heading,
      greeting: `Ciao ${input.firstName},`,
      paragraphs: o.paragraphs,
      ...(o.withCode && input.code ? { code: { label: 'Codice di ritiro', value: input.code } } : {}),
      facts: o.facts ?? orderFacts(input),
      ...(o.changes?.length ? { list: { title: 'Prodotti cambiati:', items: o.changes } } : {}),
      action: { ...o.action, href: input.link },
      closing: [...(o.closing ?? []), 'Grazie per aver scelto Spesa online.'],
    },
    new URL(input.link).origin,
  );
}

const changeLine = (c: NonNullable<OrderMailInput['changes']>[number]) =>
  c.outcome === 'SUBSTITUTED' && c.substitute
    ? `${c.description}: Sostituito con ${c.substitute.description} — ${formatEuro(c.substitute.price)}`
    : `${c.description}: Non disponibile`;

const toOrder = { text: "I dettagli sono nella pagina dell'ordine:", label: "Vai all'ordine" };
const toPay = { text: "Paga dalla pagina dell'ordine:", label: "Paga l'ordine" };
const toAccept = { text: "Accetta dalla pagina dell'ordine:", label: "Accetta l'ordine" };

/** Booked: the pre-order is with the store, which checks the availability first (decision 014). */
export function preOrderSentMail(input: OrderMailInput): Promise<RenderedMail> {
  const card = input.paymentMode === 'XPAY';
  return render(input, {
    subject: `Pre-ordine inviato: il tuo ordine ${input.orderNumber}`,
    heading: 'Il tuo pre-ordine è inviato al punto vendita',
    paragraphs: [
      `abbiamo inviato il tuo pre-ordine ${input.orderNumber} al punto vendita, che ora verifica la disponibilità dei prodotti.`,
      `Se lo conferma come l'hai chiesto, o con le variazioni che hai accettato, l'ordine va in preparazione da solo${
        card ? ' e il totale viene bloccato sulla carta associata' : ''
      }: ti scriviamo con il codice di ritiro, non devi fare nulla. Altrimenti ti scriviamo cosa è cambiato e ${
        card ? "paghi l'ordine con la carta" : "accetti l'ordine"
      } dalla pagina dei tuoi ordini.`,
      card
        ? "Ora non ti addebitiamo nulla: sulla carta viene addebitato solo l'importo dei prodotti che ricevi."
        : `Pagherai ${paidWith(input.paymentMode)} ${where(input)} solo l'importo dei prodotti preparati.`,
    ],
    action: { text: "Puoi seguire, cambiare o annullare l'ordine dalla sua pagina:", label: "Vai all'ordine" },
  });
}

/** The store confirmed the availability: what changed, and what the shopper must do by the deadline. */
export function availabilityConfirmedMail(input: OrderMailInput): Promise<RenderedMail> {
  const changes = (input.changes ?? []).map(changeLine);
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  const card = input.paymentMode === 'XPAY';
  const todo = card
    ? `Per confermare l'ordine pagalo con la carta${by}: sulla carta viene bloccato il totale, e addebitato solo l'importo dei prodotti che ricevi.`
    : `Per confermare l'ordine accettalo${by}: pagherai ${paidWith(input.paymentMode)} ${where(input)}.`;
  return render(input, {
    subject: `Disponibilità confermata: il tuo ordine ${input.orderNumber}`,
    heading: card ? 'Disponibilità confermata: paga il tuo ordine' : 'Disponibilità confermata: accetta il tuo ordine',
    paragraphs: [
      `il punto vendita ha controllato la disponibilità dei prodotti del tuo ordine ${input.orderNumber}.`,
      changes.length ? 'Alcuni prodotti sono cambiati: li trovi qui sotto.' : 'Tutti i prodotti sono disponibili.',
      todo,
    ],
    changes,
    action: card ? toPay : toAccept,
    closing: [
      `Se non ${card ? 'lo paghi' : 'lo accetti'} in tempo, l'ordine scade e la fascia oraria prenotata torna libera.`,
    ],
  });
}

/**
 * The store confirmed the order and it went through within the shopper's choices (decision 018):
 * it is being prepared, with its pickup code; a card's hold was taken without the shopper.
 */
export function confirmedInPreparationMail(input: OrderMailInput): Promise<RenderedMail> {
  const changes = (input.changes ?? []).map(changeLine);
  return render(input, {
    subject: `Ordine confermato: è in preparazione (${input.orderNumber})`,
    heading: 'Il tuo ordine è in preparazione',
    paragraphs: [
      `il punto vendita ha confermato il tuo ordine ${input.orderNumber}: è in preparazione, non devi fare nulla.`,
      changes.length
        ? 'Alcuni prodotti sono cambiati come avevi scelto al momento della prenotazione: li trovi qui sotto.'
        : 'Tutti i prodotti sono disponibili.',
      input.paymentMode === 'XPAY'
        ? "Sulla tua carta abbiamo bloccato il totale: viene addebitato solo l'importo dei prodotti che ricevi."
        : `Pagherai ${paidWith(input.paymentMode)} ${where(input)} l'importo dei prodotti preparati.`,
    ],
    withCode: true,
    changes,
    action: toOrder,
  });
}

/** The hold on the linked card, taken without the shopper, was refused: they pay with 3-D Secure by the deadline. */
export function holdRefusedMail(input: OrderMailInput): Promise<RenderedMail> {
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  return render(input, {
    subject: `Paga il tuo ordine ${input.orderNumber}: la carta non è stata accettata`,
    heading: 'La carta non è stata accettata: paga il tuo ordine',
    paragraphs: [
      `il punto vendita ha confermato il tuo ordine ${input.orderNumber}, ma non siamo riusciti a bloccare il totale sulla carta associata.`,
      `Per confermare l'ordine pagalo${by} con la verifica della tua banca (3-D Secure): viene addebitato solo l'importo dei prodotti che ricevi.`,
    ],
    changes: (input.changes ?? []).map(changeLine),
    action: toPay,
    closing: ["Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera."],
  });
}

/** The order still waits for the shopper: the reminder before it expires (decision 018). */
export function waitingReminderMail(input: OrderMailInput): Promise<RenderedMail> {
  const card = input.paymentMode === 'XPAY';
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  return render(input, {
    subject: `Il tuo ordine ${input.orderNumber} ti aspetta: ${card ? 'pagalo' : 'accettalo'}${by}`,
    heading: card ? 'Il tuo ordine ti aspetta: pagalo' : 'Il tuo ordine ti aspetta: accettalo',
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è confermato dal punto vendita e aspetta solo te.`,
      `${card ? 'Pagalo' : 'Accettalo'}${by}: dopo, l'ordine scade e la fascia oraria prenotata torna libera.`,
    ],
    changes: (input.changes ?? []).map(changeLine),
    action: card ? toPay : toAccept,
  });
}

/**
 * The facts of a prepared order: the booked total as ordered, and the prepared one as what is
 * paid or charged, larger (shared/order-charge.ts). Without a prepared total, the booked one alone.
 */
function preparedFacts(input: OrderMailInput, pickup: boolean): NonNullable<MailContent['facts']> {
  if (input.prepared === undefined) return orderFacts(input);
  const status = pickup ? 'TO_BE_COLLECTED' : 'TO_BE_DELIVERED';
  return [
    ...orderFacts(input, ORDERED_TOTAL_LABEL),
    {
      label: chargeLabel(status, { paymentMode: input.paymentMode, pickup }),
      value: formatEuro(input.prepared),
      strong: true,
    },
  ];
}

/** What the shopper pays for a prepared order, and how (the picked total, never the booked one). */
function preparedPayment(input: OrderMailInput, pickup: boolean): string {
  const received = pickup ? 'ritiri' : 'ricevi';
  if (input.prepared === undefined)
    return input.paymentMode === 'XPAY'
      ? `Sulla carta viene addebitato solo l'importo dei prodotti che ${received}.`
      : `Pagherai ${paidWith(input.paymentMode)} ${payPlace(pickup)}.`;
  const amount = formatEuro(input.prepared);
  return input.paymentMode === 'XPAY'
    ? `Sulla carta ti addebitiamo ${amount}, il totale dei prodotti preparati, quando ${received} la spesa.`
    : `${pickup ? 'Al ritiro' : 'Alla consegna'} paghi ${paidWith(input.paymentMode)} ${amount}, il totale dei prodotti preparati.`;
}

export function readyForPickupMail(input: OrderMailInput): Promise<RenderedMail> {
  return render(input, {
    subject: `Il tuo ordine è pronto per il ritiro (${input.orderNumber})`,
    heading: 'Il tuo ordine è pronto per il ritiro',
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è pronto per il ritiro.`,
      input.code
        ? "Al punto vendita mostra il codice di ritiro qui sotto, o il codice QR che trovi nella pagina dell'ordine."
        : "Al punto vendita mostra il codice di ritiro che trovi nella pagina dell'ordine.",
      preparedPayment(input, true),
    ],
    withCode: true,
    facts: preparedFacts(input, true),
    action: toOrder,
  });
}

export function outForDeliveryMail(input: OrderMailInput): Promise<RenderedMail> {
  return render(input, {
    subject: `Il tuo ordine è in consegna (${input.orderNumber})`,
    heading: 'Il tuo ordine è in consegna',
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è in consegna: arriva nella fascia oraria che hai prenotato.`,
      preparedPayment(input, false),
    ],
    facts: preparedFacts(input, false),
    action: toOrder,
  });
}

export function orderExpiredMail(input: OrderMailInput): Promise<RenderedMail> {
  return render(input, {
    subject: `Il tuo ordine è scaduto (${input.orderNumber})`,
    heading: 'Il tuo ordine è scaduto',
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è scaduto: non è stato confermato, pagato o accettato entro il tempo previsto.`,
      input.slot
        ? `La fascia oraria che avevi prenotato (${slotText(input.slot)}) è di nuovo libera.`
        : 'La fascia oraria che avevi prenotato è di nuovo libera.',
      ...(input.paymentMode === 'XPAY' ? ['Sulla carta non viene addebitato nulla.'] : []),
    ],
    action: { text: "Puoi rivedere l'ordine e fare di nuovo la spesa dalla sua pagina:", label: "Vai all'ordine" },
  });
}

export function cancelledByStoreMail(input: OrderMailInput): Promise<RenderedMail> {
  return render(input, {
    subject: `Il tuo ordine è stato annullato dal punto vendita (${input.orderNumber})`,
    heading: 'Il tuo ordine è stato annullato',
    paragraphs: [
      `il punto vendita ha annullato il tuo ordine ${input.orderNumber}.`,
      input.paymentMode === 'XPAY'
        ? "L'importo bloccato sulla tua carta è stato sbloccato: non viene addebitato nulla."
        : 'Non devi pagare nulla.',
      'Per sapere perché puoi contattare il punto vendita.',
    ],
    action: toOrder,
  });
}
