// The end of an infinite list: loads the next page when it scrolls into view
// (IntersectionObserver), with a button for keyboards, old browsers and
// shoppers who prefer to ask.
import { useEffect, useRef } from 'react';

export function LoadMore({
  onLoad,
  loading,
  failed,
  label = 'Carica altri prodotti',
}: {
  onLoad: () => void;
  loading: boolean;
  failed: boolean;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoad);
  latest.current = onLoad;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loading is a trigger: a new observer after each page reports the sentinel again if it is still in view
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined' || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [failed, loading]);

  return (
    <div className="load-more" ref={sentinel}>
      <p role="status" className="load-more__status">
        {loading ? 'Caricamento…' : failed ? 'Non è stato possibile caricare altri prodotti.' : ''}
      </p>
      <button type="button" className="button" onClick={onLoad} disabled={loading}>
        {label}
      </button>
    </div>
  );
}
