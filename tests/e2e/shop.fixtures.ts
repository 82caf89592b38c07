// What the browser journeys share: the shop's own data read from its API (so
// the tests follow whatever catalogue was seeded) and the accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CACHE_SHELL_MESSAGE } from '../../src/shared/offline.ts';

export interface ShownCategory {
  description: string;
  items: ShownCategory[];
}

export interface ShownProduct {
  barcode: string;
  description: string;
  netPrice: number;
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  const body = (await response.json()) as { responseCode: number; data: T };
  expect(body.responseCode, `GET ${path} responseCode`).toBe(0);
  return body.data;
}

/** The first product of the default store 1109, as the API answers it. */
export async function firstProduct(request: APIRequestContext): Promise<ShownProduct> {
  const page = await apiData<{ data: ShownProduct[] }>(request, '/cli/ecommerce/products/1109/?p=0&s=1');
  const [product] = page.data;
  if (!product) throw new Error('The demo catalogue has no product in store 1109');
  return product;
}

export function categoryTree(request: APIRequestContext): Promise<ShownCategory[]> {
  return apiData<ShownCategory[]>(request, '/cli/categories');
}

/** Euro as the shop shows it (docs/architecture.md §6): "1,99 €". */
export const euro = (amount: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(amount);

// One axe run (all rules, every node of a page of product cards) takes a few
// seconds on an idle machine and several times that on a busy one: each run
// brings its own budget instead of eating into the journey's.
const AXE_BUDGET_MS = 30_000;

/** axe (all its rules) finds nothing on the page as it stands. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, 'axe violations').toEqual([]);
}

/**
 * Until the shop's service worker controls the page (registered after load, once its small
 * precache is in) and holds every script of the shell, which a page asks for once it has
 * settled (src/shop/offline.ts): asked here at once, and awaited.
 */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
  await page.evaluate(
    (type) =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        navigator.serviceWorker.controller!.postMessage({ type }, [channel.port2]);
      }),
    CACHE_SHELL_MESSAGE,
  );
}
