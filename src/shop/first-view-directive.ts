// client:first-view — the island of a page that draws a first view before
// React (first-view.ts): it hydrates at once, like client:load, except that
// with a stored session it starts its code only once the page has drawn its
// first view and the browser has painted it (or the page has found it has
// none to draw), so the shopper's data is on screen before the browser spends
// its time on React: the island asks for its files then, so the early
// answers and the first view's small files do not share the network and the
// server with React's (the island cannot draw before those answers anyway).
// Bundled inline by Astro: no imports.
import type { ClientDirective } from 'astro';

/** Whatever happens to the first view, the island does not wait longer (first-view-ready.ts's rule). */
const LONGEST_WAIT_MS = 3000;

/** When the browser reports no paint of the first view, how long after its second frame to go on anyway. */
const ON_SCREEN_GRACE_MS = 50;

/**
 * Once the browser says the first view is on screen: the largest contentful
 * paint it makes (reported once the frame is presented, which can come after
 * the next frame has begun on a busy phone), or, when it makes none (a larger
 * element was there first) or the browser reports none, its second frame and a
 * moment more. Files asked for earlier would count in the page's LCP
 * (first-view-ready.ts's rule).
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

/** A later task of the browser. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const firstViewDirective: ClientDirective = (load, _options, island) => {
  const hydrate = async () => (await load())();
  // After the first view: React (the renderer's module) is evaluated in a task
  // of its own, then the island's modules in the next one. Loaded together,
  // the two were one long task of ~60 ms on a phone (4x CPU slowdown), right
  // when the shopper starts to use the page (docs/performance.md). The
  // island's file is fetched meanwhile; the small files it imports follow it.
  const hydrateInTurns = async () => {
    const renderer = island.getAttribute('renderer-url');
    const component = island.getAttribute('component-url');
    if (renderer) {
      if (component) {
        const preload = document.createElement('link');
        preload.rel = 'modulepreload';
        preload.href = component;
        document.head.append(preload);
      }
      try {
        await import(/* @vite-ignore */ renderer);
        await nextTask();
      } catch {
        // The island's own load says what failed, as before.
      }
    }
    await hydrate();
  };
  const box = document.querySelector<HTMLElement>('[data-first-view]');
  if (!box || document.documentElement.dataset['session'] !== '1') {
    void hydrate();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    whenOnScreen(() => void hydrateInTurns());
  };
  const observer = new MutationObserver(() => {
    if (box.dataset['firstView']) start();
  });
  observer.observe(box, { attributes: true, attributeFilter: ['data-first-view'] });
  if (box.dataset['firstView']) start();
  setTimeout(start, LONGEST_WAIT_MS);
};

export default firstViewDirective;
