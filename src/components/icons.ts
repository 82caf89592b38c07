// The drawing of icons that both a React component and a first view without
// React (src/shop/first-view.ts) show: one path, two ways of writing it out.

/** The bin of a row's "Rimuovi" button. */
export const TRASH_ICON_PATH = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13';
