// A shopper's browser gets the site's pages and scripts as the build wrote
// them compressed (gzip copies beside each file): with their length, not
// compressed again on every request.
import { expect, test } from '@playwright/test';
import { products } from './catalogue.helpers.ts';

test('pages and their scripts arrive as the build’s gzip copies, with their length', async ({ page, request }) => {
  const [product] = (await products(request, 's=1')).data;
  for (const path of ['/app/', `/app/product/${product!.barcode}`]) {
    const scripts: Promise<{ url: string; headers: Record<string, string> }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.allHeaders().then((headers) => ({ url: response.url(), headers })));
    });
    const answer = await page.goto(path, { waitUntil: 'networkidle' });
    const headers = await answer!.allHeaders();
    expect(headers['content-encoding'], path).toBe('gzip');
    expect(Number(headers['content-length']), path).toBeGreaterThan(1000);
    expect(headers['vary'], path).toBe('Accept-Encoding');
    const loaded = await Promise.all(scripts);
    expect(loaded.length, `${path} loads scripts`).toBeGreaterThan(0);
    for (const { url, headers } of loaded) {
      // A script under 1 kB has no copy and goes as it is; any other comes from its copy.
      expect(headers['content-length'], url).toBeTruthy();
      if (Number(headers['content-length']) >= 1024) expect(headers['content-encoding'], url).toBe('gzip');
    }
    page.removeAllListeners('response');
  }
});
