// Build-time reads of the catalogue API (DESIGN.md §1): pages call /cli at
// SPESA_API_URL while Astro renders them, and validate every answer with the
// same zod contract the server uses. Never imported by browser code.
import type { z } from 'zod';
import { banner, type Banner } from '#src/shared/contract/banners.ts';
import { category, productPage, tag, type Category, type Product, type Tag } from '#src/shared/contract/catalogue.ts';

// SPESA_API_URL of the build's environment, through the server's configuration (astro.config.mjs).
declare const __SPESA_API_URL__: string | null | undefined;

function apiBase(): string {
  const url = typeof __SPESA_API_URL__ === 'string' ? __SPESA_API_URL__ : null;
  if (!url) {
    throw new Error('SPESA_API_URL is not set: the site is built from a running API (npm run build starts one).');
  }
  return url.replace(/\/$/, '');
}

/** GET an API path, check the {responseCode: 0, data} envelope and validate data. */
export async function fetchApi<T>(path: string, schema: z.ZodType<T>): Promise<T> {
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

const categoryList = category.array();

export const categories = (): Promise<Category[]> =>
  cached('categories', () => fetchApi('/cli/categories', categoryList));

/**
 * Every product of a store in full (images and variants too), read in pages
 * of 2,000 through the export call: the product pages are rendered from
 * memory instead of one API call each.
 */
export function allProducts(storeId: number): Promise<Product[]> {
  return cached(`products:${storeId}`, async () => {
    const products: Product[] = [];
    for (let p = 0; ; p++) {
      const page = await fetchApi(`/cli/ecommerce/products/${storeId}/export?p=${p}&s=2000`, productPage);
      products.push(...page.data);
      if (page.last || page.data.length === 0) return products;
    }
  });
}

const byBarcode = new Map<number, Promise<Map<string, Product>>>();

/** One product of a store in full, as GET /cli/ecommerce/products/barcode/{barcode} answers it. */
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
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const path = `/cli/ecommerce/products/${storeId}/?${qs}`;
  return cached(path, () => fetchApi(path, productPage));
}

export const productTags = (): Promise<Tag[]> =>
  cached('tags', () => fetchApi('/cli/ecommerce/productsTags', tag.array()));

/** The web banners of the home carousel (GET /cli/cms/banners?category=WEB). */
export const webBanners = (): Promise<Banner[]> =>
  cached('banners', () => fetchApi('/cli/cms/banners?category=WEB', banner.array()));

/** One page of a banner's products for a store (10 a page, spec §9). */
export function bannerProductPage(
  bannerId: number,
  storeId: number,
  p: number,
  s: number,
): Promise<z.infer<typeof productPage>> {
  const path = `/cli/cms/banners/${bannerId}/products?p=${p}&s=${s}&storeId=${storeId}`;
  return cached(path, () => fetchApi(path, productPage));
}
