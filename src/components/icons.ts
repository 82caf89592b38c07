// The drawing of icons the islands show, one path each.

/** The bin of a row's "Rimuovi" button. */
export const TRASH_ICON_PATH = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13';
