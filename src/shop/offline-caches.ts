// What the browser keeps once a shopper logs out: nothing of theirs. The answers kept
// for the pages offline (the cart, the lists, the orders: last-answers.ts) are forgotten. The
// service worker never stores an API answer (src/sw/service-worker.ts), and the pages
// it saves are the same for everyone (their data comes from the API); any /cli
// answer found in a cache all the same (a browser extension, an older worker)
// is deleted here.
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { forgetAnswers } from './last-answers.ts';

/** Deletes every cached API answer and the answers kept for offline (last-answers.ts); answers how many answers there were. */
export async function forgetPersonalCaches(): Promise<number> {
  forgetAnswers();
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
