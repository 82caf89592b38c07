// Toasts of spec §8: close by themselves after 2 s (spec §9).
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_MS = 2000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(message: string, kind: ToastKind = 'info'): void {
  const toast = { id: nextId++, kind, message };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
