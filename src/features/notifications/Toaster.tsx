// The toasts of spec §8 (they close by themselves after 2 s, spec §9), in one
// live region present from the first paint so every message is read out.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $toasts, dismissToast } from '#src/lib/toast.store.ts';
import { showFlashedToast } from './flash.ts';
import './toaster.css';

export default function Toaster() {
  const toasts = useStore($toasts);
  useEffect(showFlashedToast, []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <p>{toast.message}</p>
          <button type="button" className="toast__close" aria-label="Chiudi messaggio" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
