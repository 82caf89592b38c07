// Whether an island has hydrated: false in the build's render and in the
// browser's first render (so both agree), true right after. Islands use it to
// show what depends on the browser (the stored session, the cart, the URL)
// only once they can read it.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
