// The storefront offline (docs/decisions/015-offline-with-serwist.md), in the page: the
// banner while the browser is offline, the service worker's registration once the
// page has loaded and the browser is idle (never in a page's critical path), and
// the 'Nuova versione disponibile' prompt when a new version of the shop waits.
import {
  OFFLINE_BANNER,
  SKIP_WAITING_MESSAGE,
  SW_SCOPE,
  SW_URL,
  UPDATE_ACTION,
  UPDATE_AVAILABLE,
} from '#src/shared/offline.ts';
import './offline.css';

/** Fills the banner's live region while offline and empties it once back online. */
function followConnection(banner: HTMLElement): void {
  const update = () => {
    banner.textContent = navigator.onLine ? '' : OFFLINE_BANNER;
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
}

/** The prompt of a waiting version: 'Aggiorna' lets it take over, and the page reloads under it. */
function offerUpdate(waiting: ServiceWorker): void {
  if (document.getElementById('update-prompt')) return;
  const prompt = document.createElement('div');
  prompt.id = 'update-prompt';
  prompt.className = 'update-prompt';
  prompt.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.textContent = UPDATE_AVAILABLE;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-primary';
  button.textContent = UPDATE_ACTION;
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
  });
  prompt.append(text, button);
  document.body.append(prompt);
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE, updateViaCache: 'none' });
  // A version waiting already, or one installed while this page is open, replaces
  // the one that runs this page only when the shopper says so.
  const controlled = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && controlled()) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && controlled()) offerUpdate(installing);
    });
  });
}

/** After the page's load event (docs/performance.md, Pages: the worker's first install was measured costing TBT). */
const REGISTER_DELAY_MS = 5_000;

export function startOffline(banner: HTMLElement): void {
  followConnection(banner);
  if (!('serviceWorker' in navigator)) return;
  // The first install downloads the whole shell (about a hundred files): it waits until the
  // page has loaded, then REGISTER_DELAY_MS more, then an idle moment, so it never competes
  // with the page's own scripts and data on a phone.
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => void register().catch(() => {}));
      else void register().catch(() => {});
    }, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
