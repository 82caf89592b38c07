// The outcome popups of the card screens (docs/product.md §8 card association messages).
import { useEffect, type ReactNode } from 'react';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import '#src/styles/payments.css';

/** An outcome popup; a success one closes by itself after 3 s (docs/product.md §9) unless it offers an action. */
const SUCCESS_POPUP_MS = 3000;

export function OutcomePopup({
  title,
  text,
  tone,
  onClose,
  children,
}: {
  title: string;
  text?: string;
  tone: 'success' | 'error';
  onClose: () => void;
  children?: ReactNode;
}) {
  const autoClose = tone === 'success' && !children;
  useEffect(() => {
    if (!autoClose) return;
    const timer = setTimeout(onClose, SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [autoClose, onClose]);
  return (
    <ModalDialog title={title} role="alertdialog" isOpen onClose={onClose}>
      <div className={`payment-outcome payment-outcome--${tone}`}>
        {text && <p>{text}</p>}
        {children}
        <div className="payment-actions">
          <button type="button" className="button" onClick={onClose}>
            Chiudi
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
