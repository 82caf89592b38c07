// The product page's breadcrumb follows the listing the shopper came from
// (docs/product.md §2: the origin category comes with the product). The built
// page shows the product's own category path, for direct visits and without
// JavaScript; when the page was opened from a category page on that path (the
// product's category or one above it), the crumb of that level leads back to
// the listing as the shopper left it: its sort and filters (the query string),
// and, when it is the page just before this one, its loaded pages and scroll
// position too (Back, which gives the list back: listing-snapshot.ts). Only
// the link changes, never the crumbs shown, so nothing moves on the page.
import { routes } from '#src/shared/routes.ts';

const CATEGORY_PREFIX = routes.category([]);

const withoutSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * Which crumb leads back to the listing the shopper came from, and where: the index
 * among the crumbs' paths of the referring category page and its address with its
 * query; null when the page was not opened from a category page on the product's path.
 */
export function originCrumb(
  crumbPaths: readonly string[],
  referrer: string,
  origin: string,
): { index: number; href: string } | null {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  if (from.origin !== origin || !from.pathname.startsWith(CATEGORY_PREFIX)) return null;
  const path = withoutSlash(from.pathname);
  const index = crumbPaths.findIndex((p) => withoutSlash(p) === path);
  return index < 0 ? null : { index, href: `${from.pathname}${from.search}` };
}

/** Points the breadcrumb's crumb of the listing the shopper came from back to it. */
export function followOrigin(nav: HTMLElement): void {
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const found = originCrumb(
    links.map((a) => a.pathname),
    document.referrer,
    window.location.origin,
  );
  const link = found && links[found.index];
  if (!found || !link) return;
  link.href = found.href;
  link.addEventListener('click', (event) => {
    // Straight from that listing: Back returns to it with its pages and scroll position.
    if (window.history.length > 1 && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      window.history.back();
    }
  });
}
