// client:first-view — the island of a page that draws a first view before
// React (first-view.ts): it hydrates at once, like client:load, except that
// with a stored session it starts its code only once the page has drawn its
// first view and the browser has put it on screen (or the page has found it
// has none to draw), so the shopper's data is on screen before the browser spends
// its time on React: the island asks for its files then, so the early
// answers and the first view's small files do not share the network and the
// server with React's (the island cannot draw before those answers anyway).
// Bundled inline by Astro (esbuild), with first-view-ready.ts, whose rule and
// functions it shares with the page shell's start-up.
import type { ClientDirective } from 'astro';
import { FIRST_VIEW_LONGEST_WAIT_MS, whenOnScreen } from './first-view-ready.ts';

/** A later task of the browser. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const firstViewDirective: ClientDirective = (load, _options, island) => {
  const hydrate = async () => (await load())();
  // After the first view: React (the renderer's module) is evaluated in a task
  // of its own, then the island's modules in the next one. Loaded together,
  // the two were one long task of 80-130 ms at 4x CPU slowdown, right when the
  // shopper starts to use the page (docs/performance.md, thirtieth sitting). The
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
  setTimeout(start, FIRST_VIEW_LONGEST_WAIT_MS);
};

export default firstViewDirective;
