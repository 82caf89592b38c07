// The products of a category page (docs/product.md §2, §4): the static first page of the
// default store stays as built (children); the island adds the next pages
// through the API as the shopper scrolls, and loads the list afresh for the
// shopper's cart store or a sort or filter (then the static page is hidden).
// Sort and filters live in the query string; changing one starts again from
// the first page, with nothing of the old list kept.
import { DEFAULT_STORE_ID, PRODUCTS_PAGE_SIZE } from '#src/shared/contract/constants.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Tag } from '#src/shared/contract/catalogue.ts';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProducts } from './catalogue.store.ts';
import { ListingControls } from './ListingControls.tsx';
import { LoadMore } from './LoadMore.tsx';
import { ProductTiles } from '#src/components/ProductTiles.tsx';
import {
  DEFAULT_FILTERS,
  filtersToQuery,
  isDefaultFilters,
  parseFilters,
  urlWithFilters,
  type ListingFilters,
} from './listing-query.ts';
import { usePagedProducts } from './use-paged-products.ts';

interface CategoryListingProps {
  categoryId: string;
  categoryName: string;
  /** Products of the category in the default store, and how many the static page shows. */
  total: number;
  shown: number;
  tags: Tag[];
  children?: ReactNode;
}

const countText = (n: number) => (n === 1 ? '1 prodotto' : `${n} prodotti`);

export default function CategoryListing({
  categoryId,
  categoryName,
  total,
  shown,
  tags,
  children,
}: CategoryListingProps) {
  const storeId = useStore($shopperStoreId);
  const [hydrated, setHydrated] = useState(false);
  const [filters, setFilters] = useState<ListingFilters>(DEFAULT_FILTERS);
  useEffect(() => {
    setFilters(parseFilters(new URLSearchParams(window.location.search)));
    setHydrated(true);
  }, []);

  const ownList = hydrated && (storeId !== DEFAULT_STORE_ID || !isDefaultFilters(filters));
  const query = filtersToQuery(filters);
  const key = hydrated ? `${storeId}|${categoryId}|${JSON.stringify(query)}` : null;
  const list = usePagedProducts(
    key,
    (p) => fetchProducts(storeId, { ...query, category: categoryId, p, s: PRODUCTS_PAGE_SIZE }),
    ownList ? 0 : 1,
  );

  function change(next: ListingFilters) {
    setFilters(next);
    window.history.replaceState(window.history.state, '', urlWithFilters(window.location.href, next));
  }

  const count = ownList ? list.total : total;
  const more = ownList ? !list.done && list.total !== null : shown < total && !list.done;
  return (
    <section className="listing" aria-labelledby="category-products-title">
      <h2 id="category-products-title" className="visually-hidden">
        Prodotti di {categoryName}
      </h2>
      <div className="listing-head">
        {/* Live before hydration: the first change hydrates the island and is handed over (client:interaction). */}
        <ListingControls filters={filters} tags={tags} disabled={false} onChange={change} />
        <p className="count" role="status">
          {count === null ? 'Caricamento…' : countText(count)}
        </p>
      </div>
      <div hidden={ownList}>{children}</div>
      <ProductTiles products={list.products} />
      {ownList && list.total === 0 && <p className="empty">Nessun prodotto trovato</p>}
      {/* Built into the page too: scrolling to it or pressing it hydrates the island, which then loads. */}
      {more && <LoadMore onLoad={list.loadMore} loading={list.loading} failed={list.failed} />}
    </section>
  );
}
