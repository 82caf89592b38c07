// When a page with a first view (first-view.ts) has drawn and painted it, or
// found it has none to draw: what would compete with it for the network and
// the main thread (the island's React, a shopper's start-up with the API
// client and zod) starts then. On a page without one, at once.
// first-view-directive.ts follows the same rule inline (directives take no imports).

/** Whatever happens to the first view, nothing waits longer. */
const FIRST_VIEW_LONGEST_WAIT_MS = 3000;

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
    // Once the frame that shows the first view is on screen: the frame after it.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  };
  const observer = new MutationObserver(() => {
    if (box.dataset['firstView']) go();
  });
  observer.observe(box, { attributes: true, attributeFilter: ['data-first-view'] });
  if (box.dataset['firstView']) go();
  setTimeout(go, FIRST_VIEW_LONGEST_WAIT_MS);
}
