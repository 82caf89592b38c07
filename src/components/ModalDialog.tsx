// The shop's one modal dialog (confirmations, warnings, forms, the payment
// frames). react-aria's modal (ModalDialogPanel.tsx, about 21 kB) loads when
// a dialog first opens, not with every page that only might open one; once
// loaded it stays mounted, so closing works as react-aria does it.
import { lazy, Suspense, useState } from 'react';
import type { ModalDialogProps } from './ModalDialogPanel.tsx';

const ModalDialogPanel = lazy(() => import('./ModalDialogPanel.tsx'));

export function ModalDialog(props: ModalDialogProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialogPanel {...props} />
    </Suspense>
  );
}
