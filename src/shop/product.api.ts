// One product as a store sells it: the product page, the favourites and any
// island showing a product at the shopper's store read it here.
import { api } from '#src/lib/api-client.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { catalogueCalls } from '#src/shared/contract/endpoints.ts';

/** One product with the prices, promotion and availability of a store. */
export const fetchProduct = (barcode: string, storeId: number): Promise<Product> =>
  api.data(catalogueCalls.product, { params: { barcode }, query: { store: storeId } });
