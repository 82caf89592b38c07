// What the storefront's offline support names in one place: the page (src/pages and
// src/shop/offline.ts), the service worker (src/sw) and the site's build (src/server/site).
import { APP_BASE } from './routes.ts';

/** The service worker's script and scope: the whole storefront, nothing else. */
export const SW_SCOPE = `${APP_BASE}/`;
export const SW_URL = `${APP_BASE}/sw.js`;
/** The page the worker answers for a page never opened while online (precached). */
export const OFFLINE_PAGE = `${APP_BASE}/offline/`;
/** The runtime cache of the pages opened, shown again offline. */
export const PAGES_CACHE = 'spesa-pages';
/**
 * The runtime cache of the shell's JavaScript (hashed files under _astro/): filled as
 * pages load it under the worker, with the scripts the first page loaded before the
 * worker existed, and with the rest of the shell once a page has settled
 * (src/shop/offline.ts). The precache holds only what every page needs.
 */
export const ASSETS_CACHE = 'spesa-assets';
/** Sent by a page once it has settled: the worker caches the rest of the shell's scripts (and answers on a port, if given one). */
export const CACHE_SHELL_MESSAGE = 'CACHE_SHELL';
/** Sent to a waiting worker when the shopper presses 'Aggiorna'. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The icon of the order notifications: the site's own (src/server/site/offline-support.ts makes it at each build). */
export const NOTIFICATION_ICON = `${APP_BASE}/icons/icon-192.png`;

/** The banner shown on every page while the browser is offline. */
export const OFFLINE_BANNER = "Sei offline: stai vedendo l'ultima versione salvata";
export const UPDATE_AVAILABLE = 'Nuova versione disponibile';
export const UPDATE_ACTION = 'Aggiorna';
