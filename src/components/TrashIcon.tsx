// The bin of a row's "Rimuovi" button (cart rows, list rows, the quantity counter at its minimum).
import { LineIcon } from './LineIcon.tsx';
import { TRASH_ICON_PATH } from './icons.ts';

export function TrashIcon() {
  return (
    <LineIcon>
      <path d={TRASH_ICON_PATH} />
    </LineIcon>
  );
}
