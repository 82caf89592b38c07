// Featured promotional products of the home page (docs/product.md §2): built for the
// default store (children); for a shopper whose cart is at another store the
// island shows that store's promotions instead.
import { DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProducts } from './catalogue.store.ts';
import { ProductTiles } from '#src/components/ProductTiles.tsx';

export default function FeaturedProducts({ count, children }: { count: number; children?: ReactNode }) {
  const storeId = useStore($shopperStoreId);
  const [own, setOwn] = useState<ListedProduct[] | null>(null);
  useEffect(() => {
    setOwn(null);
    if (storeId === DEFAULT_STORE_ID) return;
    let live = true;
    fetchProducts(storeId, { onlyPromotions: true, p: 0, s: count })
      .then((page) => live && setOwn(page.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [storeId, count]);
  return (
    <>
      <div hidden={own !== null}>{children}</div>
      {own && (own.length > 0 ? <ProductTiles products={own} /> : <p className="empty">Nessun prodotto trovato</p>)}
    </>
  );
}
