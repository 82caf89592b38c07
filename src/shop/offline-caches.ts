// What the browser's caches may keep once a shopper logs out: nothing of theirs. The
// service worker never stores an API answer (src/sw/service-worker.ts), and the pages
// it saves are the same for everyone (their data comes from the API); any /cli
// answer found in a cache all the same (a browser extension, an older worker)
// is deleted here.
import { API_PREFIX } from '#src/shared/contract/early-paths.ts';

/** Deletes every cached API answer; answers how many there were. */
export async function forgetPersonalCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let deleted = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith(`${API_PREFIX}/`) && (await cache.delete(request))) deleted += 1;
    }
  }
  return deleted;
}
