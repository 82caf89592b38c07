// Cookie notice of the footer (spec §1): once accepted it stays hidden for
// 150 days (spec §9); the acceptance date is kept in localStorage.
import { useEffect, useState } from 'react';

const STORAGE_KEY = 'spesa.cookieAcceptedAt';
export const COOKIE_NOTICE_DAYS = 150;
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

export default function CookieNotice({ privacyHref }: { privacyHref: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(cookieNoticeDue(readAcceptance())), []);
  if (!visible) return null;
  function accept() {
    try {
      localStorage.setItem(STORAGE_KEY, new Date().toISOString());
    } catch {
      // Storage refused (private mode): hide for this page view only.
    }
    setVisible(false);
  }
  return (
    <section className="cookie-notice" aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title">Informativa sui cookie</h2>
      <p>
        Usiamo solo cookie tecnici e la memoria del browser, necessari per l'accesso, il carrello e le tue preferenze. Nessun cookie
        di profilazione o di terze parti.
      </p>
      <div className="cookie-notice__actions">
        <button type="button" className="button button-primary" onClick={accept}>
          Ho capito
        </button>
        <a href={privacyHref}>Leggi l'informativa privacy</a>
      </div>
    </section>
  );
}
