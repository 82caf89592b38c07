// One product as a store sells it: the product page, the favourites and any
// island showing a product at the shopper's store read it here.
import { api } from '#src/lib/api-client.ts';
import type { ListedProduct, Product } from '#src/shared/contract/catalogue.ts';
import { catalogueCalls } from '#src/shared/contract/calls.generated.ts';

/** One product with the prices, promotion and availability of a store. */
export const fetchProduct = (barcode: string, storeId: number): Promise<Product> =>
  api.data(catalogueCalls.product, { params: { barcode }, query: { store: storeId } });

/** The first products of a store matching a searched text (the catalogue search, docs/product.md §5). */
export const searchProducts = (storeId: number, q: string, size: number): Promise<ListedProduct[]> =>
  api.data(catalogueCalls.products, { params: { storeId }, query: { q, p: 0, s: size } }).then((page) => page.data);
