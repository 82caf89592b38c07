// Cookie notice of the footer (docs/product.md §1): once accepted it stays hidden for
// 150 days (docs/product.md §9); the acceptance date is kept in localStorage. The notice
// is in the page's HTML, shown from the first paint; an inline script of the
// page's head (BaseLayout.astro, the same 150 days) hides it before that paint
// once accepted, and this script makes its button work.
const STORAGE_KEY = 'spesa.cookieAcceptedAt';
const COOKIE_NOTICE_DAYS = 150;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when there is no acceptance, or it is 150 days old or more. */
export function cookieNoticeDue(acceptedAt: string | null, now: number = Date.now()): boolean {
  if (!acceptedAt) return true;
  const at = Date.parse(acceptedAt);
  return Number.isNaN(at) || now - at >= COOKIE_NOTICE_DAYS * DAY_MS;
}

function readAcceptance(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function startCookieNotice(notice: HTMLElement): void {
  if (!cookieNoticeDue(readAcceptance())) {
    notice.hidden = true;
    return;
  }
  notice.querySelector('button')?.addEventListener('click', () => {
    try {
      localStorage.setItem(STORAGE_KEY, new Date().toISOString());
    } catch {
      // Storage refused (private mode): hide for this page view only.
    }
    notice.hidden = true;
  });
}
