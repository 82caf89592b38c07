// One product as a store sells it: the product page, the favourites and any
// island showing a product at the shopper's store read it here.
import { api } from '#src/lib/api-client.ts';
import { product, type Product } from '#src/shared/contract/catalogue.ts';

/** One product with the prices, promotion and availability of a store. */
export const fetchProduct = (barcode: string, storeId: number): Promise<Product> =>
  api.data('get', `/cli/ecommerce/products/barcode/${barcode}`, product, { searchParams: { store: storeId } });
