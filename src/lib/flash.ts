// A toast that must outlive a page change ("Password aggiornata correttamente,
// then home", docs/product.md §7): kept in sessionStorage and shown by the next page's Toaster.
import { showToast, type ToastKind } from '#src/lib/toast.store.ts';

const KEY = 'spesa.flash';

export function flashToast(message: string, kind: ToastKind = 'success'): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ message, kind }));
  } catch {
    // Storage refused (private mode): the next page simply shows nothing.
  }
}

export function showFlashedToast(): void {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const { message, kind } = JSON.parse(stored) as { message?: unknown; kind?: unknown };
    if (typeof message === 'string') showToast(message, kind === 'error' || kind === 'info' ? kind : 'success');
  } catch {
    // A damaged entry is dropped.
  }
}
