// Product cards in a list an island loads (more pages, other stores, search,
// favourites, banners): the one ProductCard with its heart and buy control,
// which here are plain components of the island that draws the list.
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import AddToCart, { buyable } from '#src/shop/AddToCart.tsx';
import FavouriteButton from '#src/shop/FavouriteButton.tsx';
import { ProductCard } from './ProductCard.tsx';

export function ProductTile({ product }: { product: ListedProduct }) {
  return (
    <ProductCard
      product={product}
      favourite={<FavouriteButton barcode={product.barcode} description={product.description} />}
      buy={<AddToCart product={buyable(product)} />}
    />
  );
}

export function ProductTiles({ products, label }: { products: ListedProduct[]; label?: string }) {
  if (products.length === 0) return null;
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <li key={p.barcode}>
          <ProductTile product={p} />
        </li>
      ))}
    </ul>
  );
}
