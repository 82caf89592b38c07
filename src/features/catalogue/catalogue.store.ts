// The catalogue's calls: a listing or search page and a banner's products,
// at the prices of a store (the islands pass $shopperStoreId).
import { api } from '#src/lib/api-client.ts';
import { productPage, type Product } from '#src/shared/contract/catalogue.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';

export type ProductSearch = Record<string, string | number | boolean>;

/** GET /cli/ecommerce/products/{storeId}/ with the query of spec §7. */
export const fetchProducts = (storeId: number, query: ProductSearch): Promise<Paged<Product>> =>
  api.data('get', `/cli/ecommerce/products/${storeId}/`, productPage, { searchParams: query });

/** A banner's products for a store, 10 a page (spec §9). */
export const fetchBannerProducts = (
  bannerId: number,
  storeId: number,
  page: number,
  size: number,
): Promise<Paged<Product>> =>
  api.data('get', `/cli/cms/banners/${bannerId}/products`, productPage, {
    searchParams: { p: page, s: size, storeId },
  });
