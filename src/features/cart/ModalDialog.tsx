// The popups of the cart and the lists (confirmations, the 'Attenzione'
// warnings, the list search overlay): react-aria's modal dialog keeps focus
// inside, Escape closes, focus returns to the button that opened it.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations and warnings the shopper must read. */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

export function ModalDialog({ title, isOpen, onClose, children, role = 'dialog', wide = false }: ModalDialogProps) {
  return (
    <ModalOverlay className="overlay" isDismissable isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Modal className={`overlay-panel cart-dialog${wide ? ' cart-dialog--wide' : ''}`}>
        <Dialog className="overlay-dialog" role={role}>
          <div className="overlay-head">
            <Heading slot="title">{title}</Heading>
            <button type="button" className="overlay-close" aria-label="Chiudi" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
