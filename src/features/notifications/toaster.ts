// The toasts of docs/product.md §8 (they close by themselves after 2 s, docs/product.md §9), drawn
// without React into one live region that is in the page from the first
// paint, so every message is read out.
import { $toasts, dismissToast, type Toast } from '#src/lib/toast.store.ts';
import { showFlashedToast } from '#src/lib/flash.ts';
import './toaster.css';

function toastElement(toast: Toast): HTMLElement {
  const box = document.createElement('div');
  box.className = `toast toast--${toast.kind}`;
  box.dataset['toastId'] = String(toast.id);
  const text = document.createElement('p');
  text.textContent = toast.message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast__close';
  close.setAttribute('aria-label', 'Chiudi messaggio');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  box.append(text, close);
  return box;
}

/** Keeps the region in step with $toasts: new toasts added, closed ones removed, updated ones changed in place. */
export function startToaster(region: HTMLElement): void {
  $toasts.subscribe((toasts) => {
    const byId = new Map(toasts.map((t) => [String(t.id), t]));
    for (const shown of [...region.children] as HTMLElement[]) {
      const toast = byId.get(shown.dataset['toastId'] ?? '');
      if (!toast) {
        shown.remove();
        continue;
      }
      const text = shown.querySelector('p');
      if (text && text.textContent !== toast.message) text.textContent = toast.message;
      shown.className = `toast toast--${toast.kind}`;
    }
    const present = new Set([...region.children].map((c) => (c as HTMLElement).dataset['toastId']));
    for (const toast of toasts) if (!present.has(String(toast.id))) region.append(toastElement(toast));
  });
  showFlashedToast();
}
