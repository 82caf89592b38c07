// The search page (docs/product.md §2 /search): a text (?q=) or a tag (?tag=), the
// products of the shopper's store page after page as the shopper scrolls,
// with sort and filters, and 'Nessun prodotto trovato' when there is none.
// The text is typed in the header's search box (which shows it here).
import { PRODUCTS_PAGE_SIZE } from '#src/shared/contract/constants.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $shopperStoreId } from '#src/shop/cart.store.ts';
import { fetchProducts } from './catalogue.store.ts';
import { ListingControls } from './ListingControls.tsx';
import { LoadMore } from './LoadMore.tsx';
import { ProductTiles } from '#src/components/ProductTiles.tsx';
import { DEFAULT_FILTERS, filtersToQuery, parseFilters, urlWithFilters, type ListingFilters } from './listing-query.ts';
import { usePagedProducts } from './use-paged-products.ts';
import type { Tag } from '#src/shared/contract/catalogue.ts';
import { SEARCH_MIN_CHARS, searchText } from '#src/shared/search-rules.ts';

interface Subject {
  text: string | null;
  tag: Tag | null;
}

const countText = (n: number) => (n === 1 ? '1 prodotto' : `${n} prodotti`);

export default function SearchResults({ tags }: { tags: Tag[] }) {
  const storeId = useStore($shopperStoreId);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [filters, setFilters] = useState<ListingFilters>(DEFAULT_FILTERS);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const given = parseFilters(params);
    const text = searchText(params.get('q') ?? '');
    const tag = text ? null : (tags.find((t) => t.id === given.tag) ?? null);
    setSubject({ text, tag });
    setFilters(given);
  }, [tags]);

  const query = { ...filtersToQuery(filters), ...(subject?.text ? { q: subject.text } : {}) };
  const searching = subject !== null && (subject.text !== null || subject.tag !== null);
  const key = searching ? `${storeId}|${JSON.stringify(query)}` : null;
  const list = usePagedProducts(key, (p) => fetchProducts(storeId, { ...query, p, s: PRODUCTS_PAGE_SIZE }));

  function change(next: ListingFilters) {
    const kept = subject?.tag ? { ...next, tag: subject.tag.id } : next;
    setFilters(kept);
    window.history.replaceState(window.history.state, '', urlWithFilters(window.location.href, kept));
  }

  const title = subject?.tag
    ? `Prodotti ${subject.tag.description}`
    : subject?.text
      ? `Risultati per «${subject.text}»`
      : 'Cerca prodotti';
  return (
    <>
      <h1>{title}</h1>
      {subject === null ? (
        <p className="count" role="status">
          Caricamento…
        </p>
      ) : !searching ? (
        <p className="empty">Scrivi almeno {SEARCH_MIN_CHARS} caratteri per cercare un prodotto.</p>
      ) : (
        <section className="listing" aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="visually-hidden">
            Prodotti trovati
          </h2>
          <div className="listing-head">
            <ListingControls
              filters={filters}
              tags={tags}
              disabled={false}
              onChange={change}
              hideTag={subject.tag !== null}
            />
            <p className="count" role="status">
              {list.total === null ? 'Caricamento…' : list.total === 0 ? '' : countText(list.total)}
            </p>
          </div>
          {list.total === 0 && <p className="empty">Nessun prodotto trovato</p>}
          <ProductTiles products={list.products} />
          {list.total !== null && !list.done && (
            <LoadMore onLoad={list.loadMore} loading={list.loading} failed={list.failed} />
          )}
        </section>
      )}
    </>
  );
}
