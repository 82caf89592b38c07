// The locator's search (docs/product.md §2, §9): the query typed, debounced by 1000 ms;
// the page; the shopper's position when given (then sorted by distance).
// Until the shopper changes something, the page comes from the stores the
// build rendered, so hydrating costs no request.
import { toPage, type Paged } from '#src/shared/contract/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { api } from '#src/lib/api-client.ts';
import { storeCalls } from '#src/shared/contract/calls.generated.ts';
import type { Store } from '#src/shared/contract/stores.ts';
import type { Position } from '#src/lib/use-geolocation.ts';

const STORE_SEARCH_DEBOUNCE_MS = 1000; // docs/product.md §9

export function useStoreSearch(initialStores: readonly Store[], pageSize: number) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [position, setPosition] = useState<Position | null>(null);
  const [result, setResult] = useState<Paged<Store>>(() =>
    toPage(initialStores.slice(0, pageSize), initialStores.length, 0, pageSize),
  );
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = useRef(false);

  // The query follows the text once typing has paused for 1 s.
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(0);
    }, STORE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  useEffect(() => {
    if (!changed.current) return;
    let current = true;
    setLoading(true);
    const searchParams: Record<string, string | number> = { s: pageSize, p: page };
    if (query) searchParams['q'] = query;
    if (position) Object.assign(searchParams, { lat: position.lat.toFixed(5), lon: position.lon.toFixed(5) });
    api
      .data(storeCalls.stores, { query: searchParams })
      .then((data) => {
        if (!current) return;
        setResult(data);
        setError(null);
      })
      .catch((e: unknown) => {
        if (current) setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [query, page, position, pageSize]);

  // A search sent before the island was ready (the form's own GET, ?q=…) is searched at once.
  // After the effect above, so the first render does not also fetch every store.
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('q')?.trim();
    if (!asked) return;
    changed.current = true;
    setText(asked);
    setQuery(asked);
  }, []);

  const touch =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      changed.current = true;
      fn(...args);
    };

  return {
    text,
    setText: touch(setText),
    /** Searches now, without waiting for the pause (the form's submit). */
    searchNow: touch(() => {
      setQuery(text.trim());
      setPage(0);
    }),
    query,
    page,
    setPage: touch(setPage),
    position,
    setPosition: touch((p: Position | null) => {
      setPosition(p);
      setPage(0);
    }),
    result,
    loading,
    error,
  };
}
