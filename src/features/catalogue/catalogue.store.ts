// The catalogue's calls: a listing or search page and a banner's products,
// at the prices of a store (the islands pass $shopperStoreId).
import type { Paged } from '#src/shared/contract/constants.ts';
import { api } from '#src/lib/api-client.ts';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { catalogueCalls } from '#src/shared/contract/calls.generated.ts';

export type ProductSearch = Record<string, string | number | boolean>;

/** A listing or search page of a store (catalogueCalls.products) with the query of docs/product.md §7. */
export const fetchProducts = (storeId: number, query: ProductSearch): Promise<Paged<ListedProduct>> =>
  api.data(catalogueCalls.products, { params: { storeId }, query });

/** A banner's products for a store, 10 a page (docs/product.md §9). */
export const fetchBannerProducts = (
  bannerId: number,
  storeId: number,
  page: number,
  size: number,
): Promise<Paged<ListedProduct>> =>
  api.data(catalogueCalls.bannerProducts, { params: { id: bannerId }, query: { p: page, s: size, storeId } });
