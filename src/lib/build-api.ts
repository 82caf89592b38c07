// Build-time reads of the catalogue API (docs/architecture.md §1): pages call /cli at
// SPESA_API_URL while Astro renders them, and validate every answer with the
// same zod contract the server uses. Never imported by browser code.
import type { z } from '#src/shared/zod.ts';
import type { Banner } from '#src/shared/contract/banners.ts';
import type { Category, Product, productPage, Tag } from '#src/shared/contract/catalogue.ts';
import { urlOf } from '#src/shared/contract/call.ts';
import { type Answering, catalogueCalls, type InputOf } from '#src/shared/contract/endpoints.ts';

// SPESA_API_URL of the build's environment, through the server's configuration (astro.config.mjs).
declare const __SPESA_API_URL__: string | null | undefined;

function apiBase(): string {
  const url = typeof __SPESA_API_URL__ === 'string' ? __SPESA_API_URL__ : null;
  if (!url) {
    throw new Error('SPESA_API_URL is not set: the site is built from a running API (npm run build starts one).');
  }
  return url.replace(/\/$/, '');
}

/** GET a call of the contract, check the {responseCode: 0, data} envelope and validate data by the call's schema. */
export async function fetchApi<E extends Answering>(e: E, ...[input]: InputOf<E>): Promise<z.output<E['output']>> {
  const path = urlOf(e, input);
  const schema = e.output as z.ZodType<z.output<E['output']>>;
  const url = `${apiBase()}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new Error(`API call GET ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new Error(`API call GET ${path} answered HTTP ${response.status}`);
  const body = (await response.json()) as { responseCode?: unknown; data?: unknown; errorMessage?: unknown };
  if (body.responseCode !== 0) {
    throw new Error(
      `API call GET ${path} answered responseCode ${String(body.responseCode)}: ${String(body.errorMessage ?? '')}`,
    );
  }
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`API call GET ${path} answered data outside the contract:\n  ${issues.join('\n  ')}`);
  }
  return parsed.data;
}

// One build renders many pages that need the same tree and product list:
// fetch each once per build process.
const cache = new Map<string, Promise<unknown>>();
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

export const categories = (): Promise<Category[]> => cached('categories', () => fetchApi(catalogueCalls.categories));

/**
 * Every product of a store in full (images and variants too), read in pages
 * of 2,000 through the export call: the product pages are rendered from
 * memory instead of one API call each.
 */
export function allProducts(storeId: number): Promise<Product[]> {
  return cached(`products:${storeId}`, async () => {
    const products: Product[] = [];
    for (let p = 0; ; p++) {
      const page = await fetchApi(catalogueCalls.productExport, { params: { storeId }, query: { p, s: 2000 } });
      products.push(...page.data);
      if (page.last || page.data.length === 0) return products;
    }
  });
}

const byBarcode = new Map<number, Promise<Map<string, Product>>>();

/** One product of a store in full, as the product call (catalogueCalls.product) answers it. */
export async function productDetail(storeId: number, barcode: string): Promise<Product> {
  let index = byBarcode.get(storeId);
  if (!index) {
    index = allProducts(storeId).then((all) => new Map(all.map((p) => [p.barcode, p])));
    byBarcode.set(storeId, index);
    index.catch(() => byBarcode.delete(storeId));
  }
  const found = (await index).get(barcode);
  if (!found) throw new Error(`product ${barcode} is not in the catalogue of store ${storeId}`);
  return found;
}

/** One page of a product listing, e.g. productList(1109, {category: '0101', s: 24}). */
export function productList(
  storeId: number,
  query: Record<string, string | number | boolean>,
): Promise<z.infer<typeof productPage>> {
  const input = { params: { storeId }, query };
  return cached(urlOf(catalogueCalls.products, input), () => fetchApi(catalogueCalls.products, input));
}

export const productTags = (): Promise<Tag[]> => cached('tags', () => fetchApi(catalogueCalls.tags));

/** The web banners of the home carousel (GET /cli/cms/banners?category=WEB). */
export const webBanners = (): Promise<Banner[]> =>
  cached('banners', () => fetchApi(catalogueCalls.banners, { query: { category: 'WEB' } }));

/** One page of a banner's products for a store (10 a page, docs/product.md §9). */
export function bannerProductPage(
  bannerId: number,
  storeId: number,
  p: number,
  s: number,
): Promise<z.infer<typeof productPage>> {
  const input = { params: { id: bannerId }, query: { p, s, storeId } };
  return cached(urlOf(catalogueCalls.bannerProducts, input), () => fetchApi(catalogueCalls.bannerProducts, input));
}
