// Build-time reads of the stores (docs/architecture.md §1): every store, 50 a page,
// validated by the contract and fetched once per build process.
import { STORES_MAX_PAGE_SIZE } from '#src/shared/contract/constants.ts';
import { fetchApi } from '#src/lib/build-api.ts';
import { storeCalls } from '#src/shared/contract/endpoints.ts';
import type { Store } from '#src/shared/contract/stores.ts';

let all: Promise<Store[]> | undefined;

export function allStores(): Promise<Store[]> {
  all ??= (async () => {
    const stores: Store[] = [];
    for (let p = 0; ; p++) {
      const page = await fetchApi(storeCalls.stores, { query: { s: STORES_MAX_PAGE_SIZE, p } });
      stores.push(...page.data);
      if (page.last || page.data.length === 0) return stores;
    }
  })();
  all.catch(() => (all = undefined));
  return all;
}
