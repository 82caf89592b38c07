// The storefront offline (docs/decisions/015-offline-with-serwist.md), in the page: the
// banner while the browser is offline, the service worker's registration as soon as
// the page has loaded (never in a page's critical path: its first install is a
// small precache), the shell's scripts this page loaded before the worker existed
// handed to the worker, the rest once the page has settled, and the 'Nuova versione disponibile' prompt when a
// new version of the shop waits.
import {
  CACHE_SHELL_MESSAGE,
  OFFLINE_BANNER,
  SKIP_WAITING_MESSAGE,
  SW_SCOPE,
  SW_URL,
  UPDATE_ACTION,
  UPDATE_AVAILABLE,
} from '#src/shared/offline.ts';
import { sendQueuedLogoutWhenOnline } from './pending-logout.ts';
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

/** Once the page has loaded and settled, the worker caches the rest of the shell's scripts (not in its small precache). */
const SETTLED_DELAY_MS = 5_000;

/**
 * The shell's scripts this page loaded before a worker controlled it: the worker never
 * saw them, and a reload offline would miss them. The worker caches them through their
 * route (Serwist's CACHE_URLS message); they are in the browser's HTTP cache already.
 * The page's resource timings name them all; its script, preload and island elements
 * name the ones a browser without resource timings loaded.
 */
function handOverLoadedShell(worker: ServiceWorker): void {
  const shell = `${location.origin}${SW_SCOPE}_astro/`;
  const timed = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('resource') : [];
  const named = [
    ...timed.map((entry) => entry.name),
    ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'), (script) => script.src),
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.href),
    ...Array.from(document.querySelectorAll('astro-island'), (island) => [
      island.getAttribute('component-url'),
      island.getAttribute('renderer-url'),
    ])
      .flat()
      .flatMap((url) => (url ? [new URL(url, location.href).href] : [])),
  ];
  const urlsToCache = [...new Set(named.filter((url) => url.startsWith(shell) && url.endsWith('.js')))];
  if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

export function startOffline(banner: HTMLElement): void {
  followConnection(banner);
  // A logout made offline reaches the shop once the connection is back (pending-logout.ts).
  sendQueuedLogoutWhenOnline();
  if (!('serviceWorker' in navigator)) return;
  // Registered once the page has loaded, at the first idle moment (at most a second
  // later): the first install fetches a small precache, the scripts this page loaded are
  // handed over as soon as the worker is active, and the rest of the shell's scripts
  // follow once the page has settled, off the page's thread.
  const soon = () => {
    const go = () => {
      void register().catch(() => {});
      void navigator.serviceWorker.ready
        .then((registration) => {
          const worker = registration.active;
          if (!worker) return;
          handOverLoadedShell(worker);
          setTimeout(() => worker.postMessage({ type: CACHE_SHELL_MESSAGE }), SETTLED_DELAY_MS);
        })
        .catch(() => {});
    };
    if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 1_000 });
    else setTimeout(go, 0);
  };
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
}
