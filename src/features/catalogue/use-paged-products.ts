// Pages of products loaded one after another (infinite scroll, spec §2): a
// new key (another store, sort or filter) starts again from the first page
// and drops what was loaded; an answer for an old key is ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product } from '#src/shared/contract/catalogue.ts';
import type { Paged } from '#src/shared/contract/envelope.ts';

export interface PagedProducts {
  products: Product[];
  total: number | null;
  loading: boolean;
  failed: boolean;
  done: boolean;
  loadMore: () => void;
}

/**
 * @param key what the list is for; null while nothing is to be loaded
 * @param firstPage the first page to ask for (1 when page 0 is already on the page)
 */
export function usePagedProducts(key: string | null, load: (page: number) => Promise<Paged<Product>>, firstPage = 0): PagedProducts {
  const [state, setState] = useState({ products: [] as Product[], total: null as number | null, next: firstPage, done: false, loading: false, failed: false });
  const current = useRef(key);
  const busy = useRef(false);
  const loader = useRef(load);
  loader.current = load;

  const fetchPage = useCallback((forKey: string, page: number) => {
    busy.current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    loader
      .current(page)
      .then((result) => {
        if (current.current !== forKey) return;
        setState((s) => ({
          products: [...s.products, ...result.data.filter((p) => !s.products.some((q) => q.barcode === p.barcode))],
          total: result.totalElements,
          next: page + 1,
          done: result.last || result.data.length === 0,
          loading: false,
          failed: false,
        }));
      })
      .catch(() => {
        if (current.current === forKey) setState((s) => ({ ...s, loading: false, failed: true }));
      })
      .finally(() => {
        if (current.current === forKey) busy.current = false;
      });
  }, []);

  useEffect(() => {
    current.current = key;
    busy.current = false;
    setState({ products: [], total: null, next: firstPage, done: false, loading: false, failed: false });
    if (key !== null && firstPage === 0) fetchPage(key, 0);
  }, [key, firstPage, fetchPage]);

  const loadMore = useCallback(() => {
    if (key === null || busy.current || state.done) return;
    fetchPage(key, state.next);
  }, [key, state.done, state.next, fetchPage]);

  return { products: state.products, total: state.total, loading: state.loading, failed: state.failed, done: state.done, loadMore };
}
