// Islands render on the server without the shopper's stored session; they
// show the anonymous state until hydrated, so server and first client render
// match, then switch to what localStorage holds.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
