// client:first-view — the island of a page that draws a first view before
// React (first-view.ts): it hydrates at once, like client:load, except that
// with a stored session it starts its code only once the page has drawn its
// first view and the browser has put it on screen (or the page has found it
// has none to draw), so the shopper's data is on screen before the browser spends
// its time on React: the island asks for its files then, so the early
// answers and the first view's small files do not share the network and the
// server with React's (the island cannot draw before those answers anyway).
// Bundled inline by Astro (esbuild), with first-view-ready.ts: the same wait
// as the page shell's start-up.
import type { ClientDirective } from 'astro';
import { afterFirstView } from './first-view-ready.ts';

/** A later task of the browser. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const firstViewDirective: ClientDirective = (load, _options, island) => {
  const hydrate = async () => (await load())();
  // After the first view: React (the renderer's module) is evaluated in a task
  // of its own, then the island's modules in the next one. Loaded together,
  // the two were one long task of 80-130 ms at 4x CPU slowdown, right when the
  // shopper starts to use the page. The island's file is fetched meanwhile;
  // the small files it imports follow it.
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
  // Visitors' pages and pages without a first view hydrate at once, as client:load does.
  const box = document.querySelector('[data-first-view]');
  if (!box || document.documentElement.dataset['session'] !== '1') {
    void hydrate();
    return;
  }
  afterFirstView(() => void hydrateInTurns());
};

export default firstViewDirective;
