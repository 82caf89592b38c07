// The dialogs of the card screens (confirmations, outcomes, the provider's
// lightbox and 3-D Secure frames): react-aria's modal dialog like the shop's
// other popups — focus stays inside, Escape closes, focus returns to the opener.
import { useEffect, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './payments.css';

interface PaymentDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations and outcomes the shopper must read. */
  role?: 'dialog' | 'alertdialog';
  /** Room for the provider's page in a frame. */
  frame?: boolean;
  /** Closing by Escape, a click outside or the × (off while a request runs). */
  dismissable?: boolean;
}

export function PaymentDialog({ title, isOpen, onClose, children, role = 'dialog', frame = false, dismissable = true }: PaymentDialogProps) {
  return (
    <ModalOverlay className="overlay" isDismissable={dismissable} isKeyboardDismissDisabled={!dismissable} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Modal className={`overlay-panel payment-dialog${frame ? ' payment-dialog--frame' : ''}`}>
        <Dialog className="overlay-dialog" role={role}>
          <div className="overlay-head">
            <Heading slot="title">{title}</Heading>
            {dismissable && (
              <button type="button" className="overlay-close" aria-label="Chiudi" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** An outcome popup; a success one closes by itself after 3 s (spec §9) unless it offers an action. */
export const SUCCESS_POPUP_MS = 3000;

export function OutcomePopup({ title, text, tone, onClose, children }: { title: string; text?: string; tone: 'success' | 'error'; onClose: () => void; children?: ReactNode }) {
  const autoClose = tone === 'success' && !children;
  useEffect(() => {
    if (!autoClose) return;
    const timer = setTimeout(onClose, SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [autoClose, onClose]);
  return (
    <PaymentDialog title={title} role="alertdialog" isOpen onClose={onClose}>
      <div className={`payment-outcome payment-outcome--${tone}`}>
        {text && <p>{text}</p>}
        {children}
        <div className="payment-actions">
          <button type="button" className="button" onClick={onClose}>Chiudi</button>
        </div>
      </div>
    </PaymentDialog>
  );
}
