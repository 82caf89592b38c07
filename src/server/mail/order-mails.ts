// The mails of an order's lifecycle (decision 014), in Italian: the store
// confirmed availability (pay or accept by a deadline), ready for pickup, out
// for delivery, expired, cancelled by the store. Each is made from one outline
// (greeting, paragraphs, the order's facts, changed rows, the link) written
// out twice: as plain text that reads alone and as HTML with every value
// escaped. Money in Italian euro (formatEuro), times on Rome's clock.
import { formatEuro } from '#src/shared/contract/money.ts';
import { MONTHS, pad2, romeWallClock, WEEKDAYS } from '#src/shared/rome-clock.ts';

export interface OrderMailInput {
  firstName: string;
  /** The order's number, e.g. W00000012. */
  orderNumber: string;
  /** The pickup code, once issued. */
  code: string | null;
  storeDescription: string;
  slot: { validFrom: string; validTo: string } | null;
  /** Euro. */
  total: number;
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
  /** The order's page. */
  link: string;
}

interface OrderMail {
  subject: string;
  text: string;
  html: string;
}

interface Outline {
  subject: string;
  paragraphs: string[];
  facts: [label: string, value: string][];
  changes?: string[];
  /** The sentence before the link, and the link's words in the HTML. */
  action: { text: string; label: string };
  closing?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

function orderFacts(input: OrderMailInput): Outline['facts'] {
  const facts: Outline['facts'] = [
    ['Ordine', input.orderNumber],
    ['Punto vendita', input.storeDescription],
  ];
  if (input.slot) facts.push(['Fascia oraria', slotText(input.slot)]);
  facts.push(['Totale', formatEuro(input.total)]);
  return facts;
}

/** How a cash or bancomat order is paid, as the sentence says it. */
const paidWith = (mode: OrderMailInput['paymentMode']) => (mode === 'BANCOMAT' ? 'con il bancomat' : 'in contanti');

function render(input: OrderMailInput, o: Outline): OrderMail {
  const greeting = `Ciao ${input.firstName},`;
  const closing = [...(o.closing ?? []), 'Grazie per aver scelto Spesa online.'];
  const text = [
    greeting,
    '',
    ...o.paragraphs.flatMap((p) => [p, '']),
    ...o.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(o.changes?.length ? ['Prodotti cambiati:', ...o.changes.map((c) => `- ${c}`), ''] : []),
    o.action.text,
    input.link,
    '',
    ...closing.flatMap((p) => [p, '']),
  ].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html lang="it"><head><meta charset="utf-8">',
    `<title>${escapeHtml(o.subject)}</title></head><body>`,
    p(greeting),
    ...o.paragraphs.map(p),
    '<table>',
    ...o.facts.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...(o.changes?.length
      ? [p('Prodotti cambiati:'), `<ul>${o.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`]
      : []),
    `<p>${escapeHtml(o.action.text)} <a href="${escapeHtml(input.link)}">${escapeHtml(o.action.label)}</a></p>`,
    ...closing.map(p),
    '</body></html>',
  ].join('\n');
  return { subject: o.subject, text, html };
}

const changeLine = (c: NonNullable<OrderMailInput['changes']>[number]) =>
  c.outcome === 'SUBSTITUTED' && c.substitute
    ? `${c.description}: Sostituito con ${c.substitute.description} — ${formatEuro(c.substitute.price)}`
    : `${c.description}: Non disponibile`;

/** The store confirmed the availability: what changed, and what the shopper must do by the deadline. */
export function availabilityConfirmedMail(input: OrderMailInput): OrderMail {
  const changes = (input.changes ?? []).map(changeLine);
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  const card = input.paymentMode === 'XPAY';
  const todo = card
    ? `Per confermare l'ordine pagalo con la carta${by}: sulla carta viene bloccato il totale, e addebitato solo l'importo dei prodotti che ricevi.`
    : `Per confermare l'ordine accettalo${by}: pagherai ${paidWith(input.paymentMode)} quando ricevi la spesa.`;
  return render(input, {
    subject: `Disponibilità confermata: il tuo ordine ${input.orderNumber}`,
    paragraphs: [
      `il punto vendita ha controllato la disponibilità dei prodotti del tuo ordine ${input.orderNumber}.`,
      changes.length ? 'Alcuni prodotti sono cambiati: li trovi qui sotto.' : 'Tutti i prodotti sono disponibili.',
      todo,
    ],
    facts: orderFacts(input),
    changes,
    action: card
      ? { text: "Paga dalla pagina dell'ordine:", label: "Paga l'ordine" }
      : { text: "Accetta dalla pagina dell'ordine:", label: "Accetta l'ordine" },
    closing: [
      `Se non ${card ? 'lo paghi' : 'lo accetti'} in tempo, l'ordine scade e la fascia oraria prenotata torna libera.`,
    ],
  });
}

/**
 * The store confirmed the order and it went through within the shopper's choices (decision 018):
 * it is being prepared, with its pickup code; a card's hold was taken without the shopper.
 */
export function confirmedInPreparationMail(input: OrderMailInput): OrderMail {
  const changes = (input.changes ?? []).map(changeLine);
  const facts = orderFacts(input);
  if (input.code) facts.splice(1, 0, ['Codice di ritiro', input.code]);
  return render(input, {
    subject: `Ordine confermato: è in preparazione (${input.orderNumber})`,
    paragraphs: [
      `il punto vendita ha confermato il tuo ordine ${input.orderNumber}: è in preparazione, non devi fare nulla.`,
      changes.length
        ? 'Alcuni prodotti sono cambiati come avevi scelto al momento della prenotazione: li trovi qui sotto.'
        : 'Tutti i prodotti sono disponibili.',
      input.paymentMode === 'XPAY'
        ? "Sulla tua carta abbiamo bloccato il totale: viene addebitato solo l'importo dei prodotti che ricevi."
        : `Pagherai ${paidWith(input.paymentMode)} ${
            input.pickup === undefined ? 'al ritiro o alla consegna' : input.pickup ? 'al ritiro' : 'alla consegna'
          }.`,
    ],
    facts,
    changes,
    action: { text: "I dettagli sono nella pagina dell'ordine:", label: "Vai all'ordine" },
  });
}

/** The hold on the linked card, taken without the shopper, was refused: they pay with 3-D Secure by the deadline. */
export function holdRefusedMail(input: OrderMailInput): OrderMail {
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  return render(input, {
    subject: `Paga il tuo ordine ${input.orderNumber}: la carta non è stata accettata`,
    paragraphs: [
      `il punto vendita ha confermato il tuo ordine ${input.orderNumber}, ma non siamo riusciti a bloccare il totale sulla carta associata.`,
      `Per confermare l'ordine pagalo${by} con la verifica della tua banca (3-D Secure): viene addebitato solo l'importo dei prodotti che ricevi.`,
    ],
    facts: orderFacts(input),
    changes: (input.changes ?? []).map(changeLine),
    action: { text: "Paga dalla pagina dell'ordine:", label: "Paga l'ordine" },
    closing: ["Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera."],
  });
}

/** The order still waits for the shopper: the reminder before it expires (decision 018). */
export function waitingReminderMail(input: OrderMailInput): OrderMail {
  const card = input.paymentMode === 'XPAY';
  const by = input.deadline ? ` entro ${romeDateTime(input.deadline)}` : '';
  return render(input, {
    subject: `Il tuo ordine ${input.orderNumber} ti aspetta: ${card ? 'pagalo' : 'accettalo'}${by}`,
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è confermato dal punto vendita e aspetta solo te.`,
      `${card ? 'Pagalo' : 'Accettalo'}${by}: dopo, l'ordine scade e la fascia oraria prenotata torna libera.`,
    ],
    facts: orderFacts(input),
    changes: (input.changes ?? []).map(changeLine),
    action: card
      ? { text: "Paga dalla pagina dell'ordine:", label: "Paga l'ordine" }
      : { text: "Accetta dalla pagina dell'ordine:", label: "Accetta l'ordine" },
  });
}

export function readyForPickupMail(input: OrderMailInput): OrderMail {
  const facts = orderFacts(input);
  if (input.code) facts.splice(1, 0, ['Codice di ritiro', input.code]);
  return render(input, {
    subject: `Il tuo ordine è pronto per il ritiro (${input.orderNumber})`,
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è pronto per il ritiro.`,
      input.code
        ? 'Al punto vendita mostra il codice di ritiro.'
        : "Al punto vendita mostra il codice di ritiro che trovi nella pagina dell'ordine.",
      input.paymentMode === 'XPAY'
        ? "Sulla carta viene addebitato solo l'importo dei prodotti che ritiri."
        : `Pagherai ${paidWith(input.paymentMode)} al ritiro.`,
    ],
    facts,
    action: { text: "I dettagli sono nella pagina dell'ordine:", label: "Vai all'ordine" },
  });
}

export function outForDeliveryMail(input: OrderMailInput): OrderMail {
  return render(input, {
    subject: `Il tuo ordine è in consegna (${input.orderNumber})`,
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è in consegna: arriva nella fascia oraria che hai prenotato.`,
      input.paymentMode === 'XPAY'
        ? "Sulla carta viene addebitato solo l'importo dei prodotti consegnati."
        : `Pagherai ${paidWith(input.paymentMode)} alla consegna.`,
    ],
    facts: orderFacts(input),
    action: { text: "I dettagli sono nella pagina dell'ordine:", label: "Vai all'ordine" },
  });
}

export function orderExpiredMail(input: OrderMailInput): OrderMail {
  return render(input, {
    subject: `Il tuo ordine è scaduto (${input.orderNumber})`,
    paragraphs: [
      `il tuo ordine ${input.orderNumber} è scaduto: non è stato confermato, pagato o accettato entro il tempo previsto.`,
      input.slot
        ? `La fascia oraria che avevi prenotato (${slotText(input.slot)}) è di nuovo libera.`
        : 'La fascia oraria che avevi prenotato è di nuovo libera.',
      ...(input.paymentMode === 'XPAY' ? ['Sulla carta non viene addebitato nulla.'] : []),
    ],
    facts: orderFacts(input),
    action: { text: "Puoi rivedere l'ordine e fare di nuovo la spesa dalla sua pagina:", label: "Vai all'ordine" },
  });
}

export function cancelledByStoreMail(input: OrderMailInput): OrderMail {
  return render(input, {
    subject: `Il tuo ordine è stato annullato dal punto vendita (${input.orderNumber})`,
    paragraphs: [
      `il punto vendita ha annullato il tuo ordine ${input.orderNumber}.`,
      input.paymentMode === 'XPAY'
        ? "L'importo bloccato sulla tua carta è stato sbloccato: non viene addebitato nulla."
        : 'Non devi pagare nulla.',
      'Per sapere perché puoi contattare il punto vendita.',
    ],
    facts: orderFacts(input),
    action: { text: "I dettagli sono nella pagina dell'ordine:", label: "Vai all'ordine" },
  });
}
