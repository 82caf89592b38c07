import { describe, expect, it } from 'vitest';
import type { Order } from '#src/shared/contract/checkout.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { round3 } from '#src/shared/row-price.ts';
import {
  slotSummary,
  waitingLabel,
  byDay,
  bySlot,
  confirmedRows,
  parseAmount,
  pickedRowTotal,
  pickedTotals,
  replacementText,
  staffStatusLabel,
  substitutable,
  unsaved,
} from './staff-rules.ts';

describe('the staff screen rules', () => {
  it('reads picked amounts with a comma or a dot and refuses the rest', () => {
    expect(parseAmount('0,8')).toBe(0.8);
    expect(parseAmount(' 3 ')).toBe(3);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('tre')).toBeNull();
  });
  it('keeps a picked amount to 3 decimals, as the server stores it, so a saved amount is not shown as unsaved', () => {
    expect(parseAmount('0,3336')).toBe(0.334);
    for (const typed of ['0,3336', '1,0005', '0,0004', '2,5'])
      expect(parseAmount(typed)).toBe(round3(Number(typed.replace(',', '.'))));
    const saved = {
      cart: { items: [{ id: 1, netPrice: 12.9, operatorAmount: round3(0.3504) }], fees: [] },
    } as unknown as Order;
    expect(unsaved(saved, { 1: '0,3504' })).toBe(false);
    expect(pickedTotals(saved, { 1: '0,3504' })).toEqual({ net: 4.52, total: 4.52 });
  });
  it('groups orders by slot in time order', () => {
    const at = (id: number, from: string) =>
      ({ id, cart: { delivery: { timeSlot: { weekDay: 3, validFrom: from, validTo: from } } } }) as unknown as Order;
    const groups = bySlot([
      at(1, '2026-05-12T09:00:00.000Z'),
      at(2, '2026-05-12T07:00:00.000Z'),
      at(3, '2026-05-12T09:00:00.000Z'),
    ]);
    expect(groups.map((g) => g.orders.map((o) => o.id))).toEqual([[2], [1, 3]]);
  });
  it('groups the slots by their day in Rome, across midnight UTC', () => {
    const at = (id: number, from: string) =>
      ({ id, cart: { delivery: { timeSlot: { weekDay: 3, validFrom: from, validTo: from } } } }) as unknown as Order;
    const days = byDay([
      at(1, '2026-05-13T07:00:00.000Z'),
      at(2, '2026-05-12T22:30:00.000Z'),
      at(3, '2026-05-12T16:00:00.000Z'),
    ]);
    expect(days.map((d) => [d.day, d.slots.map((s) => s.orders.map((o) => o.id))])).toEqual([
      ['2026-05-12', [[3]]],
      ['2026-05-13', [[2], [1]]], // 00:30 in Rome is the 13th
    ]);
  });
  it('prices the picked amounts as the server charges them: unit price × amount, fees on top', () => {
    expect(pickedRowTotal({ netPrice: 12.9 }, 0.35)).toBe(4.52); // 1290 × 0.35 = 451.5 → 452 cents
    expect(pickedRowTotal({ netPrice: 2.5 }, 0)).toBe(0);
    const order = {
      cart: {
        items: [
          { id: 1, netPrice: 12.9, operatorAmount: null },
          { id: 2, netPrice: 2.5, operatorAmount: 4 },
        ],
        fees: [{ id: 'bags', description: 'Sacchetti', value: 0.2 }],
      },
    } as unknown as Order;
    expect(pickedTotals(order, { 1: '0,35', 2: '4' })).toEqual({ net: 14.52, total: 14.72 });
    expect(pickedTotals(order, { 1: 'un po', 2: '4' })).toBeNull();
    expect(unsaved(order, { 1: '0,35', 2: '4' })).toBe(true); // row 1 was never saved
    const saved = {
      cart: {
        ...order.cart,
        items: [
          { id: 1, netPrice: 12.9, operatorAmount: 0.35 },
          { id: 2, netPrice: 2.5, operatorAmount: 4 },
        ],
      },
    } as unknown as Order;
    expect(unsaved(saved, { 1: '0,35', 2: '4' })).toBe(false);
    expect(unsaved(saved, { 1: '0,3', 2: '4' })).toBe(true);
  });

  it("reads the shopper's choice of substitute for each row", () => {
    expect(replacementText({ mode: 'SIMILAR', barcode: null, description: null, price: null })).toBe(
      'Sostituisci con prodotto simile',
    );
    expect(replacementText({ mode: 'NONE', barcode: null, description: null, price: null })).toBe('Non sostituire');
    expect(
      replacementText({ mode: 'PRODUCT', barcode: '8000000000017', description: 'Pasta di semola 500 g', price: 1.2 }),
    ).toBe(`Sostituto scelto dal cliente: Pasta di semola 500 g (${formatEuro(1.2)})`);
    expect(substitutable({ mode: 'NONE', barcode: null, description: null, price: null })).toBe(false);
    expect(substitutable({ mode: 'SIMILAR', barcode: null, description: null, price: null })).toBe(true);
  });
  it('names a confirmed order by whom it waits for', () => {
    expect(staffStatusLabel('PAYMENT_PENDING', 'CASH')).toBe("Confermato: in attesa dell'accettazione del cliente");
    expect(staffStatusLabel('PAYMENT_PENDING', 'XPAY')).toBe('Confermato: in attesa di pagamento');
    expect(staffStatusLabel('TO_BE_PREPARED', 'BANCOMAT')).toBe('In attesa di conferma del punto vendita');
  });
  it("sends each row's outcome: the named product, or the similar one typed, and asks for a missing one", () => {
    const items = [
      {
        id: 1,
        description: 'Latte',
        replacement: { mode: 'SIMILAR' as const, barcode: null, description: null, price: null },
      },
      {
        id: 2,
        description: 'Pane',
        replacement: { mode: 'NONE' as const, barcode: null, description: null, price: null },
      },
      {
        id: 3,
        description: 'Pasta',
        replacement: { mode: 'PRODUCT' as const, barcode: '8000000000017', description: 'Pasta integrale', price: 1.2 },
      },
    ];
    expect(
      confirmedRows(items, {
        1: { outcome: 'SUBSTITUTED', barcode: ' 8000000000024 ' },
        2: { outcome: 'UNAVAILABLE', barcode: '' },
        3: { outcome: 'SUBSTITUTED', barcode: '' },
      }),
    ).toEqual({
      rows: [
        { id: 1, outcome: 'SUBSTITUTED', substituteBarcode: '8000000000024' },
        { id: 2, outcome: 'UNAVAILABLE' },
        { id: 3, outcome: 'SUBSTITUTED', substituteBarcode: '8000000000017' },
      ],
    });
    expect(confirmedRows(items, {})).toEqual({
      rows: [
        { id: 1, outcome: 'AVAILABLE' },
        { id: 2, outcome: 'AVAILABLE' },
        { id: 3, outcome: 'AVAILABLE' },
      ],
    });
    expect(confirmedRows(items, { 1: { outcome: 'SUBSTITUTED', barcode: '123' } })).toEqual({
      problem: 'Indica il sostituto di «Latte»: cercalo per nome o scrivi il codice a barre (da 8 a 14 cifre).',
    });
    expect(confirmedRows(items, { 2: { outcome: 'SUBSTITUTED', barcode: '8000000000024' } })).toEqual({
      problem: 'Il cliente non vuole sostituzioni per «Pane».',
    });
  });
});

describe("what the store's screen says an order waits for (decision 018)", () => {
  const order = (over: Partial<Order>) =>
    ({
      status: 'TO_BE_PREPARED',
      acceptChanges: true,
      acceptChangesLimit: 10,
      withinChoices: null,
      expiresAt: null,
      confirmedAt: null,
      cart: { paymentMode: 'CASH' },
      ...over,
    }) as Order;

  it('names the shopper’s choices, the wait for the shopper, or the confirmation that went through', () => {
    expect(waitingLabel(order({}))).toEqual({
      label: 'Alla conferma',
      text: 'va avanti da sola se il totale cambia al massimo di 10,00\u00a0€',
    });
    expect(waitingLabel(order({ acceptChanges: false }))).toEqual({
      label: 'Alla conferma',
      text: 'il cliente vuole confermare ogni variazione',
    });
    expect(waitingLabel(order({ status: 'PAYMENT_PENDING', expiresAt: '2026-12-04T07:00:00.000Z' })).label).toBe(
      'In attesa del cliente',
    );
    expect(waitingLabel(order({ status: 'IN_PREPARATION', withinChoices: true, confirmedAt: 'x' })).text).toBe(
      'andata avanti da sola, entro le scelte del cliente',
    );
    expect(waitingLabel(order({ status: 'IN_PREPARATION', withinChoices: false, confirmedAt: 'x' })).text).toBe(
      'accettata dal cliente',
    );
  });

  it('sums up a slot’s orders by what they wait for', () => {
    const statuses = [
      'TO_BE_PREPARED',
      'TO_BE_PREPARED',
      'PAYMENT_PENDING',
      'IN_PREPARATION',
      'TO_BE_COLLECTED',
    ] as const;
    expect(slotSummary(statuses.map((status) => ({ status })))).toBe(
      '2 da confermare · 1 in attesa del cliente · 1 in preparazione · 1 pronti o in consegna',
    );
    expect(slotSummary([{ status: 'IN_PREPARATION' }])).toBe('1 in preparazione');
  });
});
