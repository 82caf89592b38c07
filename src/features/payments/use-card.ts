// The shopper's card as the screens see it (docs/product.md §4 Card state): loaded on
// start, re-checked whenever the window gets the focus back (the shopper may
// have associated or removed it in another tab).
import { useCallback, useEffect, useState } from 'react';
import { errorMessageOf } from '#src/lib/api-client.ts';
import type { PaymentMethod } from '#src/shared/contract/payments.ts';
import { linkedCard, loadMethods } from '#src/shop/payments.api.ts';

export function useCard() {
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async (): Promise<PaymentMethod[] | null> => {
    try {
      const list = await loadMethods();
      setMethods(list);
      setError(null);
      return list;
    } catch (e) {
      setError(errorMessageOf(e));
      return null;
    }
  }, []);

  useEffect(() => {
    void reload();
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload]);

  return { methods, card: methods ? linkedCard(methods) : null, error, reload, setMethods };
}
