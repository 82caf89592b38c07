// The modal dialog itself (ModalDialog.tsx loads it when a dialog first
// opens): react-aria's modal keeps focus inside, Escape and a click outside
// close it, and focus returns to the button that opened it.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations and outcomes the shopper must read. */
  role?: 'dialog' | 'alertdialog';
  /** wide: day and slot picker, list search; frame: a provider's page in an iframe. */
  size?: 'normal' | 'wide' | 'frame';
  /** Closing by Escape, a click outside or the × (off while a request runs). */
  dismissable?: boolean;
}

export default function ModalDialogPanel({
  title,
  isOpen,
  onClose,
  children,
  role = 'dialog',
  size = 'normal',
  dismissable = true,
}: ModalDialogProps) {
  return (
    <ModalOverlay
      className="overlay"
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
    >
      <Modal className={`overlay-panel modal-dialog modal-dialog--${size}`}>
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
