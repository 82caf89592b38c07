// Pages of products loaded one after another (infinite scroll, docs/product.md §2): a
// new key (another store, sort or filter) starts again from the first page
// and drops what was loaded; an answer for an old key is ignored.
// Back from a product (or a reload) finds the list as it was left: the loaded
// pages and the scroll position are kept in sessionStorage per page URL and
// key (store, category or search, sort and filters) when the page is left,
// and put back when the shopper comes back (listing-snapshot.ts).
import type { Paged } from '#src/shared/contract/constants.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListedProduct } from '#src/shared/contract/catalogue.ts';
import { manualScrollRestoration, saveSnapshot, takeSnapshot } from './listing-snapshot.ts';

export interface PagedProducts {
  products: ListedProduct[];
  total: number | null;
  loading: boolean;
  failed: boolean;
  done: boolean;
  loadMore: () => void;
}

interface ListState {
  products: ListedProduct[];
  total: number | null;
  next: number;
  done: boolean;
  loading: boolean;
  failed: boolean;
}

/**
 * @param key what the list is for; null while nothing is to be loaded
 * @param firstPage the first page to ask for (1 when page 0 is already on the page)
 */
export function usePagedProducts(
  key: string | null,
  load: (page: number) => Promise<Paged<ListedProduct>>,
  firstPage = 0,
): PagedProducts {
  const [state, setState] = useState<ListState>({
    products: [],
    total: null,
    next: firstPage,
    done: false,
    loading: false,
    failed: false,
  });
  const current = useRef(key);
  const busy = useRef(false);
  const loader = useRef(load);
  loader.current = load;
  const latest = useRef(state);
  latest.current = state;
  const scrollTo = useRef<{ state: ListState; y: number } | null>(null);

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
    const kept = key === null ? null : takeSnapshot(key, firstPage);
    if (kept) {
      const restored = {
        products: kept.products,
        total: kept.total,
        next: kept.next,
        done: kept.done,
        loading: false,
        failed: false,
      };
      setState(restored);
      scrollTo.current = { state: restored, y: kept.scrollY };
      return;
    }
    setState({ products: [], total: null, next: firstPage, done: false, loading: false, failed: false });
    if (key !== null && firstPage === 0) fetchPage(key, 0);
  }, [key, firstPage, fetchPage]);

  // Once the kept products are on the page, back to where the shopper was.
  useEffect(() => {
    if (scrollTo.current?.state !== state) return;
    const { y } = scrollTo.current;
    scrollTo.current = null;
    // 'instant': the page's smooth scrolling is for the shopper's own jumps.
    requestAnimationFrame(() => window.scrollTo({ top: y, behavior: 'instant' }));
  }, [state]);

  // Leaving the page (to a product, or the tab goes to the background): keep the list.
  useEffect(() => {
    if (key === null) return;
    manualScrollRestoration();
    const keep = () => {
      const s = latest.current;
      if (current.current === key)
        saveSnapshot(key, firstPage, {
          products: s.products,
          total: s.total,
          next: s.next,
          done: s.done,
          scrollY: window.scrollY,
        });
    };
    const hidden = () => document.visibilityState === 'hidden' && keep();
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [key, firstPage]);

  const loadMore = useCallback(() => {
    if (key === null || busy.current || state.done) return;
    fetchPage(key, state.next);
  }, [key, state.done, state.next, fetchPage]);

  return {
    products: state.products,
    total: state.total,
    loading: state.loading,
    failed: state.failed,
    done: state.done,
    loadMore,
  };
}
