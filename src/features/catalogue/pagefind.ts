import { routes } from '#src/shared/routes.ts';
// Instant suggestions for everyone, from the static Pagefind index the build
// writes to <site>/pagefind (src/server/site/build-site.ts): no API call, so
// they work from any static host. The index carries the default store's
// price; prices for the shopper's store come from the API.

interface PagefindData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindModule {
  options(options: { baseUrl?: string; excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: { id: string; data(): Promise<PagefindData> }[] } | null>;
}

export interface Suggestion {
  barcode: string;
  description: string;
  /** Several products share a name (at different prices): the brand tells them apart. */
  brand: string | null;
  href: string;
  imageUrl: string | null;
  /** Net price in the default store (what the page was built with). */
  netPrice: number | null;
  /** The unit price that goes with netPrice ('4,60 €/kg', Codice del consumo art. 14), as attrib3. */
  unitPrice: string | null;
  um: 'PZ' | 'KG';
}

let loading: Promise<PagefindModule | null> | null = null;

function loadIndex(): Promise<PagefindModule | null> {
  loading ??= (async () => {
    try {
      const url = routes.file('pagefind/pagefind.js');
      const module = (await import(/* @vite-ignore */ url)) as PagefindModule;
      await module.options({ baseUrl: routes.home });
      await module.init();
      return module;
    } catch {
      // No index (a site built without it) or the browser refused it: the
      // API results still come after the debounce.
      return null;
    }
  })();
  return loading;
}

/** Starts loading the index before the shopper has finished typing. */
export const warmUpIndex = (): void => void loadIndex();

export async function suggest(text: string, limit: number): Promise<Suggestion[] | null> {
  const index = await loadIndex();
  if (!index) return null;
  const found = await index.search(text).catch(() => null);
  if (!found) return null;
  const pages = await Promise.all(found.results.slice(0, limit).map((r) => r.data()));
  return pages.map((page) => {
    const price = Number(page.meta['price']);
    return {
      barcode: page.meta['barcode'] ?? '',
      description: page.meta['title'] ?? '',
      brand: page.meta['brand'] || null,
      href: page.url,
      imageUrl: page.meta['image'] ?? null,
      netPrice: Number.isFinite(price) ? price : null,
      unitPrice: page.meta['unit'] || null,
      um: page.meta['um'] === 'KG' ? 'KG' : 'PZ',
    };
  });
}
