// Renders the login or profile panel when the header opens it ($overlay),
// as an accessible modal dialog (focus kept inside, Escape closes). The
// island hydrates when an overlay opens (client:interaction events).
import { useStore } from '@nanostores/react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { LoginPanel } from './LoginPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { $overlay, $user } from '#src/shop/session.store.ts';

export default function SessionOverlays() {
  const overlay = useStore($overlay);
  const user = useStore($user);
  const open = overlay === 'login' || overlay === 'profile';
  const showLogin = overlay === 'login' && !user;
  return (
    <ModalOverlay
      className="overlay"
      isDismissable
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && $overlay.set(null)}
    >
      <Modal className="overlay-panel">
        <Dialog className="overlay-dialog" aria-label={showLogin ? 'Accedi' : 'Il tuo profilo'}>
          <div className="overlay-head">
            <Heading slot="title">{showLogin ? 'Accedi' : 'Il tuo profilo'}</Heading>
            <button type="button" className="overlay-close" aria-label="Chiudi" onClick={() => $overlay.set(null)}>
              ×
            </button>
          </div>
          {showLogin ? <LoginPanel /> : <ProfilePanel />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
