// On a phone the sticky header keeps only its bar (menu, logo, search,
// access, cart) on screen: the delivery strip, drawn above the bar there,
// scrolls away with the page. The header sticks at minus the strip's height,
// which changes with its text (store, first slot), so it is measured here;
// until then the whole header sticks, as on a desktop (global.css).
export function startStickyHeader(header: HTMLElement): void {
  const strip = header.querySelector<HTMLElement>('.header-delivery');
  if (!strip || typeof ResizeObserver === 'undefined') return;
  // Set through the CSSOM, which the strict CSP allows (a style attribute in the HTML would need a hash).
  // The observer reports the strip's size after the browser's own layout, before it paints,
  // also the first time: measuring at once would force a layout while the page starts.
  new ResizeObserver(() => header.style.setProperty('--header-strip-h', `${strip.offsetHeight}px`)).observe(strip);
}
