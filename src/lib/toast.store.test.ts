import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showToast, TOAST_MS } from './toast.store.ts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('close by themselves after 2 s (docs/product.md §9)', () => {
    showToast('Carrello aggiornato', 'success');
    expect($toasts.get().map((t) => t.message)).toEqual(['Carrello aggiornato']);
    vi.advanceTimersByTime(TOAST_MS);
    expect($toasts.get()).toEqual([]);
  });

  it('of one key are one toast, updated in place with the latest message, its 2 s starting again', () => {
    showToast('Hai 2 pz Latte nel carrello', 'success', { key: 'cart:1' });
    const id = $toasts.get()[0]!.id;
    vi.advanceTimersByTime(1500);
    showToast('Hai 3 pz Latte nel carrello', 'success', { key: 'cart:1' });
    showToast('Hai 1 pz Pane nel carrello', 'success', { key: 'cart:2' });
    showToast('Hai 4 pz Latte nel carrello', 'success', { key: 'cart:1' });
    expect($toasts.get().map((t) => [t.id === id, t.message])).toEqual([
      [true, 'Hai 4 pz Latte nel carrello'],
      [false, 'Hai 1 pz Pane nel carrello'],
    ]);
    vi.advanceTimersByTime(1500);
    expect($toasts.get().map((t) => t.message)).toEqual(['Hai 4 pz Latte nel carrello', 'Hai 1 pz Pane nel carrello']);
    vi.advanceTimersByTime(500);
    expect($toasts.get()).toEqual([]);
  });
});
