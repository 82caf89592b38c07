// The buying part of the product page (docs/product.md §2): promotion and frozen badges,
// price, availability, the buy control and the heart. The page is built with
// the default store's values; for a shopper whose cart is at another store
// the island reads that store's price, promotion and availability, and keeps
// the built values when the store is 1109 or the call fails.
import { DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import AddToCart, { buyable } from '#src/shop/AddToCart.tsx';
import FavouriteButton from '#src/shop/FavouriteButton.tsx';
import { isFrozen, promotionBadge } from '#src/components/product-format.ts';
import type { Product } from '#src/shared/contract/catalogue.ts';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProduct } from '#src/shop/product.api.ts';
import { Price } from '#src/components/Price.tsx';

export type LiveProduct = Pick<
  Product,
  | 'barcode'
  | 'description'
  | 'um'
  | 'umStep'
  | 'minWeight'
  | 'maxAmount'
  | 'available'
  | 'price'
  | 'netPrice'
  | 'attrib3'
  | 'promotions'
  | 'lowestPrice30Days'
  | 'categoryId'
>;

export default function ProductLive({ product: built }: { product: LiveProduct }) {
  const storeId = useStore($shopperStoreId);
  const [product, setProduct] = useState<LiveProduct>(built);
  useEffect(() => {
    if (storeId === DEFAULT_STORE_ID) {
      setProduct(built);
      return;
    }
    let live = true;
    fetchProduct(built.barcode, storeId)
      .then((p) => live && setProduct(p))
      .catch(() => live && setProduct(built));
    return () => {
      live = false;
    };
  }, [storeId, built]);

  const promo = product.promotions[0];
  const badge = promo ? promotionBadge(product.price, promo) : null;
  const frozen = isFrozen(product);
  return (
    <div className="product-live">
      {(badge || frozen) && (
        <p className="badges">
          {badge && (
            <span className="badge badge--promo" data-testid="promotion-badge">
              <span className="visually-hidden">In offerta </span>
              {badge.label}
            </span>
          )}
          {badge && <span className="product-card__until">Offerta {badge.until}</span>}
          {frozen && <span className="badge badge--frozen">Surgelato</span>}
        </p>
      )}
      <Price product={product} testId="product-price" />
      {product.available ? (
        <>
          <p className="availability">Disponibile</p>
          <AddToCart large product={buyable(product)} />
        </>
      ) : (
        <p className="availability availability--out">Momentaneamente non disponibile</p>
      )}
      <FavouriteButton large barcode={product.barcode} description={product.description} />
    </div>
  );
}
