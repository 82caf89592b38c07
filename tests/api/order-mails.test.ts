// The Italian mails of the order lifecycle (src/server/mail/order-mails.ts) in the shop's one
// mail layout (src/server/mail/layout.ts, decision 023): the plain-text part as the shopper reads
// it, and what a mail program shows of the HTML part (its text, the button's link, the logo, a
// viewport for phones), with every value escaped.
import { toPlainText } from '@react-email/components';
import { describe, expect, it } from 'vitest';
import {
  availabilityConfirmedMail,
  cancelledByStoreMail,
  confirmedInPreparationMail,
  holdRefusedMail,
  type OrderMailInput,
  orderExpiredMail,
  outForDeliveryMail,
  preOrderSentMail,
  readyForPickupMail,
  waitingReminderMail,
} from '#src/server/mail/order-mails.ts';

/** What a mail program shows of an HTML part, as text. */
const shown = (html: string) => toPlainText(html).replace(/[ \t\r\n]+/g, ' ');
/** The mail's title, as its HTML part writes it. */
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
/** The link of the HTML part's button with these words. */
const buttonHref = (html: string, label: string) => {
  const escaped = label.replace(/'/g, '&#x27;');
  return new RegExp(`<a href="([^"]+)"[^>]*>(?:(?!</a>).)*${escaped}`).exec(html)?.[1]?.replace(/&amp;/g, '&');
};

const sample: OrderMailInput = {
  firstName: 'Anna',
  orderNumber: 'W00000012',
  code: null,
  storeDescription: 'Bari Japigia – Via Caldarola 12',
  slot: { validFrom: '2026-12-12T09:00:00Z', validTo: '2026-12-12T11:00:00Z' },
  total: 45.6,
  paymentMode: 'XPAY',
  deadline: '2026-12-11T17:30:00Z',
  changes: [
    { description: 'Latte fresco intero 1 l', outcome: 'UNAVAILABLE' },
    {
      description: 'Pane di Altamura DOP 500 g',
      outcome: 'SUBSTITUTED',
      substitute: { description: 'Pane casereccio 500 g', price: 2.1 },
    },
  ],
  link: 'https://spesa.example.it/app/profile/orders/12',
};
const facts = [
  'Ordine: W00000012',
  'Punto vendita: Bari Japigia – Via Caldarola 12',
  'Fascia oraria: sabato 12 dicembre 2026, dalle 10:00 alle 12:00',
  'Totale: 45,60\u00a0€',
];

describe('the mails of the order lifecycle', () => {
  it('availability confirmed, card: the changed rows, pay by the deadline in Rome, the button to the order', async () => {
    const m = await availabilityConfirmedMail(sample);
    expect(m.subject).toBe('Disponibilità confermata: il tuo ordine W00000012');
    expect(m.text).toBe(
      [
        'Ciao Anna,',
        '',
        'il punto vendita ha controllato la disponibilità dei prodotti del tuo ordine W00000012.',
        '',
        'Alcuni prodotti sono cambiati: li trovi qui sotto.',
        '',
        "Per confermare l'ordine pagalo con la carta entro venerdì 11 dicembre 2026 alle 18:30: sulla carta viene bloccato il totale, e addebitato solo l'importo dei prodotti che ricevi.",
        '',
        ...facts,
        '',
        'Prodotti cambiati:',
        '- Latte fresco intero 1 l: Non disponibile',
        '- Pane di Altamura DOP 500 g: Sostituito con Pane casereccio 500 g — 2,10\u00a0€',
        '',
        "Paga dalla pagina dell'ordine:",
        'https://spesa.example.it/app/profile/orders/12',
        '',
        "Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera.",
        '',
        'Grazie per aver scelto Spesa online.',
        '',
      ].join('\n'),
    );
    const html = shown(m.html);
    expect(heading(m.html)).toBe('Disponibilità confermata: paga il tuo ordine');
    expect(html).toContain('Pane di Altamura DOP 500 g: Sostituito con Pane casereccio 500 g — 2,10\u00a0€');
    expect(html).toContain('Totale 45,60\u00a0€');
    expect(buttonHref(m.html, "Paga l'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
  });

  it('availability confirmed, cash, nothing changed: accept by the deadline, paid where the shopper gets the order', async () => {
    const m = await availabilityConfirmedMail({
      ...sample,
      paymentMode: 'CASH',
      pickup: true,
      changes: [],
      slot: { validFrom: '2026-07-04T16:00:00Z', validTo: '2026-07-04T18:00:00Z' },
      deadline: '2026-07-04T08:05:00Z',
    });
    expect(m.text).toContain('Tutti i prodotti sono disponibili.');
    expect(m.text).toContain(
      "Per confermare l'ordine accettalo entro sabato 4 luglio 2026 alle 10:05: pagherai in contanti al ritiro.",
    );
    expect(m.text).not.toContain('quando ricevi la spesa');
    expect(m.text).toContain('Fascia oraria: sabato 4 luglio 2026, dalle 18:00 alle 20:00');
    expect(m.text).not.toContain('Prodotti cambiati');
    expect(m.text).toContain("Se non lo accetti in tempo, l'ordine scade");
    expect(buttonHref(m.html, "Accetta l'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
    const delivered = await availabilityConfirmedMail({ ...sample, paymentMode: 'BANCOMAT', pickup: false });
    expect(delivered.text).toContain('pagherai con il bancomat alla consegna.');
  });

  it('confirmed within the shopper’s choices: in preparation, with the pickup code large; the card held, or cash to pay', async () => {
    const card = await confirmedInPreparationMail({ ...sample, code: '482913' });
    expect(card.subject).toBe('Ordine confermato: è in preparazione (W00000012)');
    expect(card.text).toContain(
      'il punto vendita ha confermato il tuo ordine W00000012: è in preparazione, non devi fare nulla.',
    );
    expect(card.text).toContain(
      'Alcuni prodotti sono cambiati come avevi scelto al momento della prenotazione: li trovi qui sotto.',
    );
    expect(card.text).toContain(
      "Sulla tua carta abbiamo bloccato il totale: viene addebitato solo l'importo dei prodotti che ricevi.",
    );
    expect(card.text).toContain('Codice di ritiro: 482913\nOrdine: W00000012\nPunto vendita: Bari Japigia');
    expect(card.text).toContain('- Latte fresco intero 1 l: Non disponibile');
    expect(card.text).toContain(
      "I dettagli sono nella pagina dell'ordine:\nhttps://spesa.example.it/app/profile/orders/12",
    );
    expect(shown(card.html)).toContain('Codice di ritiro 482913');
    // The code written large, in its own box.
    expect(card.html).toMatch(/font-size:36px[^>]*>482913</);
    const cash = await confirmedInPreparationMail({ ...sample, code: '482913', paymentMode: 'CASH', changes: [] });
    expect(cash.text).toContain('Tutti i prodotti sono disponibili.');
    expect(cash.text).toContain("Pagherai in contanti al ritiro o alla consegna l'importo dei prodotti preparati.");
    // The way the order reaches the shopper, when the mail knows it.
    expect((await confirmedInPreparationMail({ ...sample, paymentMode: 'CASH', pickup: true })).text).toContain(
      "Pagherai in contanti al ritiro l'importo dei prodotti preparati.",
    );
    expect((await confirmedInPreparationMail({ ...sample, paymentMode: 'BANCOMAT', pickup: false })).text).toContain(
      "Pagherai con il bancomat alla consegna l'importo dei prodotti preparati.",
    );
    expect(cash.text).not.toContain('Prodotti cambiati');
    expect(cash.text).not.toContain('carta');
  });

  it('the hold on the linked card refused: pay with 3-D Secure by the deadline in Rome', async () => {
    const m = await holdRefusedMail(sample);
    expect(m.subject).toBe('Paga il tuo ordine W00000012: la carta non è stata accettata');
    expect(m.text).toContain(
      'il punto vendita ha confermato il tuo ordine W00000012, ma non siamo riusciti a bloccare il totale sulla carta associata.',
    );
    expect(m.text).toContain(
      "Per confermare l'ordine pagalo entro venerdì 11 dicembre 2026 alle 18:30 con la verifica della tua banca (3-D Secure)",
    );
    expect(m.text).toContain(facts.join('\n'));
    expect(m.text).toContain("Se non lo paghi in tempo, l'ordine scade e la fascia oraria prenotata torna libera.");
    expect(buttonHref(m.html, "Paga l'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
  });

  it('the reminder of an order waiting for the shopper: pay it (card) or accept it (cash, bancomat) by the deadline in Rome', async () => {
    const card = await waitingReminderMail(sample);
    expect(card.subject).toBe('Il tuo ordine W00000012 ti aspetta: pagalo entro venerdì 11 dicembre 2026 alle 18:30');
    expect(card.text).toContain(
      "Pagalo entro venerdì 11 dicembre 2026 alle 18:30: dopo, l'ordine scade e la fascia oraria prenotata torna libera.",
    );
    expect(buttonHref(card.html, "Paga l'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
    const bancomat = await waitingReminderMail({
      ...sample,
      paymentMode: 'BANCOMAT',
      deadline: '2026-07-04T08:05:00Z',
    });
    expect(bancomat.subject).toBe(
      'Il tuo ordine W00000012 ti aspetta: accettalo entro sabato 4 luglio 2026 alle 10:05',
    );
    expect(bancomat.text).toContain("Accetta dalla pagina dell'ordine:");
    expect(buttonHref(bancomat.html, "Accetta l'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
  });

  it('ready for pickup: the pickup code, and the prepared total as what is paid at the counter, not the booked one', async () => {
    const ready = await readyForPickupMail({
      ...sample,
      code: '482913',
      paymentMode: 'CASH',
      pickup: true,
      prepared: 48.88,
    });
    expect(ready.subject).toBe('Il tuo ordine è pronto per il ritiro (W00000012)');
    expect(ready.text).toContain('il tuo ordine W00000012 è pronto per il ritiro.');
    expect(ready.text).toContain('Al ritiro paghi in contanti 48,88\u00a0€, il totale dei prodotti preparati.');
    expect(ready.text).toContain(
      [
        'Codice di ritiro: 482913',
        'Ordine: W00000012',
        'Punto vendita: Bari Japigia – Via Caldarola 12',
        'Fascia oraria: sabato 12 dicembre 2026, dalle 10:00 alle 12:00',
        'Totale ordinato: 45,60\u00a0€',
        'Da pagare al ritiro: 48,88\u00a0€',
      ].join('\n'),
    );
    expect(ready.text).not.toContain('Totale: 45,60');
    const html = shown(ready.html);
    expect(html).toContain('Codice di ritiro 482913');
    expect(html).toContain('Totale ordinato 45,60\u00a0€ Da pagare al ritiro 48,88\u00a0€');
    // The amount to pay written larger than the other facts.
    expect(ready.html).toMatch(/font-size:22px[^>]*>48,88\u00a0€</);
    const card = await readyForPickupMail({ ...sample, code: '482913', pickup: true, prepared: 48.88 });
    expect(card.text).toContain(
      'Sulla carta ti addebitiamo 48,88\u00a0€, il totale dei prodotti preparati, quando ritiri la spesa.',
    );
    expect(card.text).toContain('Da addebitare sulla carta: 48,88\u00a0€');
  });

  it('out for delivery: paid by bancomat at the door, the prepared total', async () => {
    const out = await outForDeliveryMail({ ...sample, paymentMode: 'BANCOMAT', pickup: false, prepared: 44.1 });
    expect(out.subject).toBe('Il tuo ordine è in consegna (W00000012)');
    expect(out.text).toContain('il tuo ordine W00000012 è in consegna: arriva nella fascia oraria che hai prenotato.');
    expect(out.text).toContain('Alla consegna paghi con il bancomat 44,10\u00a0€, il totale dei prodotti preparati.');
    expect(out.text).toContain('Totale ordinato: 45,60\u00a0€\nDa pagare alla consegna: 44,10\u00a0€');
    expect(out.text).not.toContain('ritiro');
  });

  it('pre-order sent at booking: the store checks the availability first; paid at pickup, at delivery, or nothing charged on the card yet', async () => {
    const pickup = await preOrderSentMail({ ...sample, paymentMode: 'CASH', pickup: true, changes: [] });
    expect(pickup.subject).toBe('Pre-ordine inviato: il tuo ordine W00000012');
    expect(pickup.text).toContain(
      'abbiamo inviato il tuo pre-ordine W00000012 al punto vendita, che ora verifica la disponibilità dei prodotti.',
    );
    expect(pickup.text).toContain(
      "l'ordine va in preparazione da solo: ti scriviamo con il codice di ritiro, non devi fare nulla. Altrimenti ti scriviamo cosa è cambiato e accetti l'ordine dalla pagina dei tuoi ordini.",
    );
    expect(pickup.text).toContain("Pagherai in contanti al ritiro solo l'importo dei prodotti preparati.");
    expect(pickup.text).not.toContain('quando ricevi la spesa');
    expect(pickup.text).toContain(facts.join('\n'));
    expect(heading(pickup.html)).toBe('Il tuo pre-ordine è inviato al punto vendita');
    expect(buttonHref(pickup.html, "Vai all'ordine")).toBe('https://spesa.example.it/app/profile/orders/12');
    const delivered = await preOrderSentMail({ ...sample, paymentMode: 'BANCOMAT', pickup: false });
    expect(delivered.text).toContain("Pagherai con il bancomat alla consegna solo l'importo dei prodotti preparati.");
    const card = await preOrderSentMail(sample);
    expect(card.text).toContain('e il totale viene bloccato sulla carta associata');
    expect(card.text).toContain(
      "Ora non ti addebitiamo nulla: sulla carta viene addebitato solo l'importo dei prodotti che ricevi.",
    );
  });

  it('expired: the slot is free again; cancelled by the store: the card hold is released', async () => {
    const expired = await orderExpiredMail(sample);
    expect(expired.subject).toBe('Il tuo ordine è scaduto (W00000012)');
    expect(expired.text).toContain(
      'il tuo ordine W00000012 è scaduto: non è stato confermato, pagato o accettato entro il tempo previsto.',
    );
    expect(expired.text).toContain(
      'La fascia oraria che avevi prenotato (sabato 12 dicembre 2026, dalle 10:00 alle 12:00) è di nuovo libera.',
    );
    const cancelled = await cancelledByStoreMail(sample);
    expect(cancelled.subject).toBe('Il tuo ordine è stato annullato dal punto vendita (W00000012)');
    expect(cancelled.text).toContain(
      "L'importo bloccato sulla tua carta è stato sbloccato: non viene addebitato nulla.",
    );
    expect((await cancelledByStoreMail({ ...sample, paymentMode: 'CASH' })).text).toContain('Non devi pagare nulla.');
  });

  it('is made for phones, with the shop’s logo and a readable font', async () => {
    const { html } = await readyForPickupMail({ ...sample, code: '482913', pickup: true, prepared: 48.88 });
    expect(html).toContain('<html dir="ltr" lang="it">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<img alt="Spesa online" height="48" src="https://spesa.example.it/app/logo-mail.png"');
    expect(html).toMatch(/font-family:system-ui, -apple-system/);
    expect(html).toMatch(/font-size:16px/);
    expect(html).toContain('max-width:600px');
    // The inbox's preview line is the first paragraph.
    expect(html).toMatch(/<div style="display:none[^>]*>il tuo ordine W00000012 è pronto per il ritiro\./);
  });

  it('escapes every value in the HTML, and the text keeps them as they are', async () => {
    const m = await cancelledByStoreMail({
      ...sample,
      firstName: '<b>Anna</b> & "Co"',
      storeDescription: "Bari <script>alert('x')</script>",
      link: 'https://spesa.example.it/app/profile/orders/12?a=1&b="2"',
    });
    expect(m.html).toContain('Ciao &lt;b&gt;Anna&lt;/b&gt; &amp; &quot;Co&quot;,</p>');
    expect(m.html).toContain('Bari &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;</p>');
    expect(m.html).toContain('href="https://spesa.example.it/app/profile/orders/12?a=1&amp;b=&quot;2&quot;"');
    expect(m.html).not.toContain('<script>');
    expect(m.text).toContain('Ciao <b>Anna</b> & "Co",');
  });
});
