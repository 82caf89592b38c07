// Nothing moves under the shopper's eyes while a page loads (CLS ≤ 0.01, the
// page target of docs/performance.md): the delivery strip keeps room for the
// first slot that arrives after the page, the carousel keeps room for the
// controls its script shows, and the header is laid out in the order it is
// parsed. Layout shifts are summed over the first seconds, with no input.
import { expect, test, type Page } from '@playwright/test';
import { categories, products } from './catalogue.helpers.ts';

async function shiftsOf(page: Page, path: string): Promise<{ total: number; moved: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShifts: { value: number; nodes: string[] }[] };
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? s.node.className || s.node.tagName : String(s.node?.nodeName),
        );
        w.layoutShifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_500);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts,
  );
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), moved: shifts.flatMap((s) => s.nodes) };
}

test('home, a category and a product do not shift while they load, for a visitor', async ({ page, request }) => {
  const [category] = await categories(request);
  const [product] = (await products(request, 's=1')).data;
  for (const path of ['/app/', `/app/category/${category!.slug}`, `/app/product/${product!.barcode}`]) {
    const { total, moved } = await shiftsOf(page, path);
    expect(total, `${path} shifted: ${moved.join(', ')}`).toBeLessThanOrEqual(0.01);
  }
});
