// The popups of the profile area (address forms, confirmations, the signup
// success): react-aria's modal dialog keeps focus inside, Escape closes, and
// focus returns to the button that opened it.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface PopupProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations and outcomes the shopper must read. */
  role?: 'dialog' | 'alertdialog';
  /** Closing by Escape or a click outside (off while a request runs). */
  dismissable?: boolean;
}

export function Popup({ title, isOpen, onClose, children, role = 'dialog', dismissable = true }: PopupProps) {
  return (
    <ModalOverlay className="overlay" isDismissable={dismissable} isKeyboardDismissDisabled={!dismissable} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Modal className="overlay-panel popup-panel">
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
