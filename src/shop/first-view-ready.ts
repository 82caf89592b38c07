// When a page with a first view (first-view.ts) has drawn it and the browser
// has put it on screen, or found it has none to draw: what would compete with
// it for the network and the main thread (the island's React, a shopper's
// start-up with the API client and zod) starts then. On a page without one,
// at once. client:first-view (first-view-directive.ts) waits with it too.
// Whatever happens to the first view, nothing waits longer than the loader's
// time-out (docs/product.md §9).
import { LOADER_TIMEOUT_MS } from '#src/shared/flags.ts';

/** When the browser reports no paint of the first view, how long after its second frame to go on anyway. */
const ON_SCREEN_GRACE_MS = 50;

/**
 * Once the browser says the first view is on screen: the largest contentful
 * paint it makes (reported once the frame is presented, which can come after
 * the next frame has begun on a busy phone), or, when it makes none (a larger
 * element was there first) or the browser reports none, its second frame and a
 * moment more. Files asked for earlier would count in the page's LCP.
 */
function whenOnScreen(then: () => void): void {
  let done = false;
  let watcher: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    watcher?.disconnect();
    then();
  };
  const shownAt = performance.now();
  try {
    watcher = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= shownAt)) go();
    });
    watcher.observe({ type: 'largest-contentful-paint' });
  } catch {
    // No largest-contentful-paint entries here: the frames below.
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, ON_SCREEN_GRACE_MS)));
}

export function afterFirstView(start: () => void): void {
  const box = document.querySelector<HTMLElement>('[data-first-view]');
  if (!box || document.documentElement.dataset['session'] !== '1') {
    start();
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    whenOnScreen(start);
  };
  const observer = new MutationObserver(() => {
    if (box.dataset['firstView']) go();
  });
  observer.observe(box, { attributes: true, attributeFilter: ['data-first-view'] });
  if (box.dataset['firstView']) go();
  setTimeout(go, LOADER_TIMEOUT_MS);
}
