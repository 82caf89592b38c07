// The bin of a row's "Rimuovi" button (cart rows, list rows, the quantity counter at its minimum).
import { TRASH_ICON_PATH } from './icons.ts';

export function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={TRASH_ICON_PATH} />
    </svg>
  );
}
