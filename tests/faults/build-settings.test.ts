// The feature flags of docs/product.md §9 are baked into the static pages at build time.
// A shop started with online payments off, stopped, and started again with
// ENABLED_PAYMENTS=true (as the README says) must rebuild its site at start:
// otherwise the API offers card payments while the pages still say they are
// off and show no 'Pagamenti' link. PGlite here: the two starts follow each
// other, so the data directory is never held twice.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { freePort, shopper, startShop, type StartedShop } from '../../scripts/bench-shop.helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'spesa-settings-'));
const siteDir = join(work, `settingstest-${process.pid}`);
const OFF_TEXT = 'Il pagamento online non è attivo al momento';
let shop: StartedShop | undefined;

const env = (port: number, payments: string) => ({
  PORT: String(port),
  DATA_DIR: join(work, 'pglite'),
  DATABASE_URL: '',
  SITE_DIR: siteDir,
  SITE_BUILD: 'on',
  CATALOGUE_PRODUCTS: '50',
  REBUILD_INTERVAL_MINUTES: '0',
  ENABLED_PAYMENTS: payments,
});

afterAll(async () => {
  await shop?.stop();
  rmSync(work, { recursive: true, force: true });
  for (const entry of readdirSync(join(root, '.build'))) {
    if (entry.startsWith(`site-${basename(siteDir)}-`))
      rmSync(join(root, '.build', entry), { recursive: true, force: true });
  }
});

describe('restarting the shop with a feature flag changed', () => {
  it('rebuilds the site, so its pages say what the API does', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    shop = await startShop(env(port, 'false'));
    const off = await (await fetch(`${base}/app/profile/payments/`)).text();
    expect(off).toContain(OFF_TEXT);
    const customer = await shopper(base, `flag.${Date.now()}@example.it`);
    await shop.stop();

    shop = await startShop(env(port, 'true'));
    const on = await (await fetch(`${base}/app/profile/payments/`)).text();
    expect(on).not.toContain(OFF_TEXT);

    // As a logged-in shopper sees it in a browser: the profile's 'Pagamenti' section, with no 'not active' text.
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'it-IT' });
      await page.goto(`${base}/app/`);
      await page.evaluate((user) => localStorage.setItem('spesa.user', JSON.stringify(user)), customer);
      await page.goto(`${base}/app/profile/payments/`);
      await page
        .getByRole('link', { name: 'Pagamenti', exact: true })
        .first()
        .waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByText(OFF_TEXT).count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 240_000);
});
