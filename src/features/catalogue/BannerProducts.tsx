// A banner's products (docs/product.md §2, §9: pages of 10): the first page built for
// the default store stays (children); the island adds the next pages as the
// shopper scrolls or asks ('Carica altri'), or lists the cart store's.
import { BANNER_PRODUCTS_PAGE_SIZE, DEFAULT_STORE_ID } from '#src/shared/contract/constants.ts';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchBannerProducts } from './catalogue.store.ts';
import { LoadMore } from './LoadMore.tsx';
import { ProductTiles } from '#src/components/ProductTiles.tsx';
import { usePagedProducts } from './use-paged-products.ts';
import { useHydrated } from '#src/shop/use-hydrated.ts';

interface BannerProductsProps {
  bannerId: number;
  title: string;
  total: number;
  shown: number;
  children?: ReactNode;
}

export default function BannerProducts({ bannerId, title, total, shown, children }: BannerProductsProps) {
  const storeId = useStore($shopperStoreId);
  const hydrated = useHydrated();
  const ownList = hydrated && storeId !== DEFAULT_STORE_ID;
  const list = usePagedProducts(
    hydrated ? `${bannerId}|${storeId}` : null,
    (p) => fetchBannerProducts(bannerId, storeId, p, BANNER_PRODUCTS_PAGE_SIZE),
    ownList ? 0 : 1,
  );
  const more = ownList ? list.total !== null && !list.done : shown < total && !list.done;
  return (
    // The page's h1 is the banner's title and the cards' titles are h3: this
    // h2 keeps the heading order unbroken, as on a category page.
    <section className="listing" aria-labelledby="banner-products-title">
      <h2 id="banner-products-title" className="visually-hidden">
        Prodotti di {title}
      </h2>
      <div hidden={ownList}>{children}</div>
      <ProductTiles products={list.products} />
      {ownList && list.total === 0 && <p className="empty">Nessun prodotto trovato</p>}
      {more && <LoadMore label="Carica altri" onLoad={list.loadMore} loading={list.loading} failed={list.failed} />}
    </section>
  );
}
