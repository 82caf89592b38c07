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

const firstViewDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
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
    // After the frame that shows the first view.
    requestAnimationFrame(() => setTimeout(() => void hydrate(), 0));
  };
  const observer = new MutationObserver(() => {
    if (box.dataset['firstView']) start();
  });
  observer.observe(box, { attributes: true, attributeFilter: ['data-first-view'] });
  if (box.dataset['firstView']) start();
  setTimeout(start, LONGEST_WAIT_MS);
};

export default firstViewDirective;
