// Whose prices the islands show: the store of the shopper's cart, else the
// default store 1109 (spec §9), which is also what the static pages show.
import { computed } from 'nanostores';
import { api } from '#src/lib/api-client.ts';
import { $cart } from '#src/features/cart/cart.store.ts';
import { DEFAULT_STORE_ID, product, productPage, type Product } from '#src/shared/contract/catalogue.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';

export const $shopperStoreId = computed($cart, (cart) => cart?.storeId ?? DEFAULT_STORE_ID);

export type ProductSearch = Record<string, string | number | boolean>;

/** GET /cli/ecommerce/products/{storeId}/ with the query of spec §7. */
export const fetchProducts = (storeId: number, query: ProductSearch): Promise<Paged<Product>> =>
  api.data('get', `/cli/ecommerce/products/${storeId}/`, productPage, { searchParams: query });

/** One product with the prices, promotion and availability of a store. */
export const fetchProduct = (barcode: string, storeId: number): Promise<Product> =>
  api.data('get', `/cli/ecommerce/products/barcode/${barcode}`, product, { searchParams: { store: storeId } });

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
