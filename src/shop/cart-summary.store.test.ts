// The header's cart summary as a shopper finds it: the same words for the
// default store as a cart uses, what the last page kept still shown on the
// next one, nothing broken by a spoilt stored value, and every tab of the
// shop showing the cart's latest total.
import type { PersistentEvent, PersistentListener } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';

const KEY = 'spesa.cartSummary';
const user = { role: 'CUSTOMER', profile: { id: 1, firstName: 'Maria', lastName: 'Rossi' } };
const later = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const summary = { netTotal: 12.34, itemsCount: 3, storeDescription: 'Ritiro in negozio · Superstore Bari Japigia' };
const slot = { weekDay: 1, validFrom: later(48), validTo: later(50) };

/** The modules as a new page loads them, over what the browser kept (keys → stored strings). */
async function loadPage(kept: Record<string, string>) {
  vi.resetModules();
  const persistent = await import('@nanostores/persistent');
  const storage: Record<string, string> = { ...kept };
  let listeners: PersistentListener[] = [];
  persistent.setPersistentEngine(storage, {
    addEventListener: (_key, listener) => listeners.push(listener),
    removeEventListener: (_key, listener) => {
      listeners = listeners.filter((l) => l !== listener);
    },
  });
  /** Another tab writes a key (null: removes it), and this page hears the storage event. */
  const otherTab = (key: string, newValue: string | null) => {
    if (newValue === null) delete storage[key];
    else storage[key] = newValue;
    for (const listener of listeners) listener({ key, newValue } as PersistentEvent);
  };
  const store = await import('./cart-summary.store.ts');
  const session = await import('./session.store.ts');
  return { ...store, ...session, storage, otherTab };
}

const withUser = (value: string) => ({ 'spesa.user': JSON.stringify(user), [KEY]: value });
const empty = { summary: { netTotal: 0, itemsCount: 0, storeDescription: null }, slot: null };

describe("the header's cart summary", () => {
  let stop: (() => void)[] = [];
  beforeEach(() => {
    stop = [];
  });
  afterEach(() => {
    for (const unlisten of stop) unlisten();
  });

  it('names the default store with the shared delivery-mode label', async () => {
    const { DEFAULT_DELIVERY_DESCRIPTION } = await loadPage({});
    expect(DEFAULT_DELIVERY_DESCRIPTION).toBe('Ritiro in negozio · Superstore Bari Japigia');
    expect(DEFAULT_DELIVERY_DESCRIPTION.startsWith(`${DELIVERY_MODE_LABELS.IN_STORE} · `)).toBe(true);
  });

  it("shows what the last page kept, in the shape shoppers' browsers already hold", async () => {
    const { $cartSummary, $firstSlot } = await loadPage(withUser(JSON.stringify({ summary, slot })));
    expect($cartSummary.get()).toEqual(summary);
    expect($firstSlot.get()).toEqual(slot);
  });

  it('forgets a slot that is already over, and keeps the rest', async () => {
    const over = { weekDay: 1, validFrom: later(-3), validTo: later(-1) };
    const { $cartSummary, $firstSlot } = await loadPage(withUser(JSON.stringify({ summary, slot: over })));
    expect($cartSummary.get()).toEqual(summary);
    expect($firstSlot.get()).toBeNull();
  });

  it.each([
    ['not JSON', '{"summary":'],
    ['JSON null', 'null'],
    ['a string', '"12,34 €"'],
    ['a total that is not a number', JSON.stringify({ summary: { ...summary, netTotal: '12.34' }, slot })],
    ['no summary', JSON.stringify({ slot })],
  ])('starts from an empty cart when the stored value is %s', async (_, value) => {
    const { $cartSummary, $firstSlot } = await loadPage(withUser(value));
    expect($cartSummary.get()).toEqual(empty.summary);
    expect($firstSlot.get()).toBeNull();
  });

  it('shows nothing kept for a visitor who is not logged in', async () => {
    const { $cartSummary, $firstSlot } = await loadPage({ [KEY]: JSON.stringify({ summary, slot }) });
    expect($cartSummary.get()).toEqual(empty.summary);
    expect($firstSlot.get()).toBeNull();
  });

  it('keeps the cart and its slot for the next page under the same key and shape', async () => {
    const page = await loadPage({ 'spesa.user': JSON.stringify(user) });
    page.setCartSummary(summary);
    page.setFirstSlot(slot);
    expect(JSON.parse(page.storage[KEY] ?? 'null')).toEqual({ summary, slot });
    expect(page.$cartSummaryHeard.get()).toBe(true);

    const next = await loadPage({ 'spesa.user': JSON.stringify(user), [KEY]: page.storage[KEY]! });
    expect(next.$cartSummary.get()).toEqual(summary);
    expect(next.$firstSlot.get()).toEqual(slot);
  });

  it('shows an empty cart when the shopper has none', async () => {
    const page = await loadPage(withUser(JSON.stringify({ summary, slot })));
    page.setCartSummary(null);
    expect(page.$cartSummary.get()).toEqual(empty.summary);
    expect(JSON.parse(page.storage[KEY] ?? 'null')).toEqual({ ...empty, slot });
  });

  it("shows the cart another tab has just changed, and drops one the other tab's value spoilt", async () => {
    const page = await loadPage(withUser(JSON.stringify({ summary, slot })));
    const totals: number[] = [];
    stop.push(page.$cartSummary.listen((s) => totals.push(s.netTotal)));
    const changed = { ...summary, netTotal: 20.5, itemsCount: 4 };
    page.otherTab(KEY, JSON.stringify({ summary: changed, slot }));
    expect(page.$cartSummary.get()).toEqual(changed);
    expect(totals).toEqual([20.5]);
    expect(() => page.otherTab(KEY, '{oops')).not.toThrow();
    expect(page.$cartSummary.get()).toEqual(empty.summary);
  });

  it('forgets the cart at logout, in this tab or another, and keeps nothing for the next visitor', async () => {
    const page = await loadPage(withUser(JSON.stringify({ summary, slot })));
    stop.push(page.$cartSummary.listen(() => undefined));
    page.clearSession();
    expect(page.$cartSummary.get()).toEqual(empty.summary);
    expect(page.$firstSlot.get()).toBeNull();
    expect(page.storage[KEY]).toBeUndefined();
    page.setCartSummary(summary); // a cart answer that arrives after the logout
    expect(page.storage[KEY]).toBeUndefined();

    const other = await loadPage(withUser(JSON.stringify({ summary, slot })));
    stop.push(other.$cartSummary.listen(() => undefined));
    other.otherTab('spesa.user', null);
    expect(other.$user.get()).toBeNull();
    expect(other.$cartSummary.get()).toEqual(empty.summary);
    expect(other.storage[KEY]).toBeUndefined();
  });
});
