// The storefront's service worker (docs/decisions/015-offline-with-serwist.md), bundled
// after the site's build into /app/sw.js (src/server/site/offline-support.ts), which
// also fills self.SPESA_PRECACHE (Serwist's injection point) with what every page needs (CSS, fonts,
// icons, the offline page): a small first install, started as soon as the first page has loaded.
//
// At run time: catalogue and product pages stale-while-revalidate, the other pages
// network first, product images cache first, the search index as it is used, the
// shell's JavaScript cache first as pages load it (each file's name carries its version); the
// API (/cli) is never touched: its answers carry a shopper's token and data, and
// go to the network as if there were no worker. Nothing is queued while offline.
//
// The order notifications (docs/decisions/019-web-push-notifications.md): a push from the
// shop is shown as a notification (its title, its line, the site's icon, the order page
// in its data), and a tap on it opens that page, in a window of the shop already open or a new one.
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  type PrecacheEntry,
  type RouteMatchCallbackOptions,
  type SerwistPlugin,
  Serwist,
  StaleWhileRevalidate,
} from 'serwist';
import {
  ASSETS_CACHE,
  CACHE_SHELL_MESSAGE,
  NOTIFICATION_ICON,
  OFFLINE_PAGE,
  PAGES_CACHE,
  SKIP_WAITING_MESSAGE,
  SW_SCOPE,
} from '#src/shared/offline.ts';
import type { PushMessage } from '#src/shared/contract/push.ts';
import { routes } from '#src/shared/routes.ts';

/** A window of the shop, as the worker sees it. */
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
type Waiting = Event & { waitUntil(p: Promise<unknown>): void };

/** What this file needs of the worker's global scope (the DOM's types are the project's). */
declare const self: {
  SPESA_PRECACHE: (PrecacheEntry | string)[] | undefined;
  /** Every script of the shell (filled in at build, src/server/site/offline-support.ts). */
  SPESA_SHELL_SCRIPTS: string[] | undefined;
  location: Location;
  skipWaiting(): Promise<void>;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: Waiting) => void): void;
  addEventListener(type: 'push', listener: (event: Waiting & { data: { json(): unknown } | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: Waiting & { notification: Notification }) => void,
  ): void;
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isPage = ({ request, url }: RouteMatchCallbackOptions) =>
  request.mode === 'navigate' && sameOrigin(url) && url.pathname.startsWith(SW_SCOPE);
const isCataloguePage = (options: RouteMatchCallbackOptions) =>
  isPage(options) && /^\/app\/(category|product|banners)\//.test(options.url.pathname);
/** Only whole, successful answers are kept (never an error page, a redirect or an opaque answer). */
const ok: SerwistPlugin = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) };
// One expiration for the pages' cache, whichever strategy filled it: at most 200 pages, a week old.
const pagesExpiration = new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 });

const serwist = new Serwist({
  precacheEntries: self.SPESA_PRECACHE ?? [],
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until the shopper presses 'Aggiorna' (then the page reloads)
  // or every tab of the shop is closed: a page never runs half one version, half
  // the other. The first version takes the open page at once: there is none before it.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: isCataloguePage,
      handler: new StaleWhileRevalidate({
        cacheName: PAGES_CACHE,
        plugins: [ok, pagesExpiration],
      }),
    },
    {
      // Home, search, stores, cart and the other pages: their data comes from the API,
      // the page itself is the same for everyone; the saved copy serves only offline.
      matcher: isPage,
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 5,
        plugins: [ok, pagesExpiration],
      }),
    },
    {
      matcher: ({ url, request }) =>
        sameOrigin(url) && request.destination === 'image' && url.pathname.startsWith('/media/'),
      handler: new CacheFirst({
        cacheName: 'spesa-images',
        plugins: [ok, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
    {
      // Pagefind's entry and its chunks, as the search asks for them: a search over
      // chunks already fetched keeps working offline.
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith(`${SW_SCOPE}pagefind/`),
      handler: new StaleWhileRevalidate({
        cacheName: 'spesa-search',
        plugins: [ok, new ExpirationPlugin({ maxEntries: 400 })],
      }),
    },
    {
      // The shell's JavaScript, as pages load it (and pages saved by an older version).
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith(`${SW_SCOPE}_astro/`),
      handler: new CacheFirst({
        cacheName: ASSETS_CACHE,
        plugins: [ok, new ExpirationPlugin({ maxEntries: 400 })],
      }),
    },
  ],
  fallbacks: {
    entries: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.destination === 'document' }],
  },
});

const SHELL_SCRIPTS = self.SPESA_SHELL_SCRIPTS ?? [];

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  // The rest of the shell's scripts, through their route (cache first: those held stay),
  // so that later pages and interactions work offline too.
  if (type === CACHE_SHELL_MESSAGE) {
    const extendable = event as unknown as Waiting & Parameters<typeof serwist.handleRequest>[0]['event'];
    const done = Promise.all(
      SHELL_SCRIPTS.map((url) => serwist.handleRequest({ request: new Request(url), event: extendable })),
    ).catch(() => {});
    extendable.waitUntil(done);
    // A sender that passed a port hears when the shell is cached.
    void done.then(() => event.ports[0]?.postMessage(true));
  }
});

// The page open when the first version installs was loaded before the worker
// existed: it is saved now, so that it too opens offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (windows) => {
      const cache = await caches.open(PAGES_CACHE);
      await Promise.all(
        windows
          .map((w) => new URL(w.url))
          .filter((url) => sameOrigin(url) && url.pathname.startsWith(SW_SCOPE))
          .map(async (url) => {
            if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => {});
          }),
      );
    }),
  );
});

/** A page of the shop's own, or the orders page: a push never sends the shopper elsewhere. */
function shopPage(url: unknown): string {
  const page = typeof url === 'string' ? new URL(url, self.location.origin) : null;
  return page && sameOrigin(page) && page.pathname.startsWith(SW_SCOPE)
    ? page.href
    : new URL(routes.profileOrders, self.location.origin).href;
}

/** The push as the shop sends it (PushMessage); anything else still shows a notification, as every push must. */
function pushMessage(data: { json(): unknown } | null): PushMessage {
  let sent: Partial<PushMessage> = {};
  try {
    sent = (data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    // Not JSON: the notification below.
  }
  return {
    title: typeof sent.title === 'string' && sent.title ? sent.title : 'Spesa online',
    body: typeof sent.body === 'string' ? sent.body : 'Ci sono novità sui tuoi ordini.',
    url: shopPage(sent.url),
    tag: typeof sent.tag === 'string' ? sent.tag : 'ordini',
  };
}

self.addEventListener('push', (event) => {
  const message = pushMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: NOTIFICATION_ICON,
      // A newer step of the same order replaces the one shown, and tells the shopper again.
      tag: message.tag,
      renotify: true,
      lang: 'it',
      data: { url: message.url },
    } as NotificationOptions),
  );
});

/**
 * The page a notification names: a window already there is focused; otherwise a window of the shop
 * goes there; otherwise a new one opens. A window the worker does not control cannot be moved: a new one opens.
 */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((w) => w.url === url);
  if (there) {
    await there.focus();
    return;
  }
  const shop = windows.find((w) => sameOrigin(new URL(w.url)));
  const moved = shop ? await shop.navigate(url).catch(() => null) : null;
  if (moved) await moved.focus().catch(() => moved);
  else await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(shopPage((event.notification.data as { url?: unknown } | null)?.url)));
});

serwist.addEventListeners();
