// Toasts of docs/product.md §8: close by themselves after 2 s (docs/product.md §9).
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Toasts about one thing (a cart row) share a key: a new one replaces the one shown, in place. */
  key?: string;
}

export const TOAST_MS = 2000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function closeLater(id: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
}

export function showToast(message: string, kind: ToastKind = 'info', opts: { key?: string } = {}): void {
  const shown = opts.key === undefined ? undefined : $toasts.get().find((t) => t.key === opts.key);
  if (shown) {
    // Three clicks on a counter say one thing, the latest: the toast is updated and its time starts again.
    $toasts.set($toasts.get().map((t) => (t.id === shown.id ? { ...t, kind, message } : t)));
    closeLater(shown.id);
    return;
  }
  const toast: Toast = { id: nextId++, kind, message, ...(opts.key === undefined ? {} : { key: opts.key }) };
  $toasts.set([...$toasts.get(), toast]);
  closeLater(toast.id);
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
