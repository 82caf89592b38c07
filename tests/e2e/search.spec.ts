// A shopper searches: nothing under 3 characters, tomatoes for 'pomo' at once
// (instant suggestions from the static index, before the API answers; then the
// store's prices), the search page for a text or a tag.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { euro } from './cart.helpers.ts';
import { apiData, products, type ApiPage, type ApiProduct } from './catalogue.helpers.ts';

test.describe('search', () => {
  // docs/product.md §5: search starts with at least 3 characters (so 'pom' already
  // searches); under 3 nothing is shown.
  test("'po' shows nothing, 'pomo' shows tomatoes at once, before the API is asked", async ({ page }) => {
    // The API's search is held until the instant suggestions are seen: they come from
    // the static index and wait neither for the 1 s debounce nor for the API. (How fast
    // they come is a figure of the benchmarks, not of a timed test.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route(/\/cli\/.*[?&]q=pomo/, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await page.goto('/app/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.click();
    await box.pressSequentially('po');
    await page.waitForTimeout(1500);
    const results = page.getByRole('region', { name: 'Risultati della ricerca' });
    await expect(results).toHaveCount(0);

    await box.pressSequentially('mo');
    await expect(results.getByRole('link', { name: /Pomodor/ }).first()).toBeVisible();
    release();
    await expect.poll(() => asked, { message: 'the API is asked after the debounce' }).toBe(1);
    // After the debounce the API's results carry the store's prices.
    await expect(results.getByRole('link', { name: /Pomodor.*€/ }).first()).toBeVisible();
    await expect(results.getByRole('link', { name: /Vedi tutti i risultati/ })).toHaveAttribute(
      'href',
      /\/app\/search\?q=pomo$/,
    );
    await expectNoAxeViolations(page);

    await box.press('Escape');
    await expect(results).toHaveCount(0);
  });

  test("the search page lists the store's products for a text; 'pomodori' finds 'pomodoro'", async ({
    page,
    request,
  }) => {
    const expected = await products(request, 'q=pomodori&s=24');
    expect(expected.totalElements).toBeGreaterThan(0);
    await page.goto('/app/search?q=pomodori');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati per «pomodori»');
    await expect(page.getByRole('banner').getByRole('searchbox')).toHaveValue('pomodori');
    await expect(page.locator('.listing .product-card')).toHaveCount(Math.min(24, expected.totalElements));
    await expect(
      page
        .locator('.listing .product-card')
        .getByRole('link', { name: /pomodoro/i })
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('back from a product of the second page of results returns to it, with the same results loaded', async ({
    page,
    request,
  }) => {
    const second = await products(request, 'q=bio&s=24&p=1');
    expect(second.totalElements, "more than a page of results for 'bio'").toBeGreaterThan(24);
    const results = page.locator('.listing .product-card');
    await page.goto('/app/search?q=bio');
    await expect(results).toHaveCount(24);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    // The second page comes in (on a phone the third may follow: the list ends near the screen).
    await expect.poll(() => results.count()).toBeGreaterThan(24);
    const chosen = second.data[Math.min(5, second.data.length - 1)]!;
    const link = page.locator('.listing').getByRole('link', { name: chosen.description, exact: true });
    await link.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const loaded = await results.count();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.description);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risultati per «bio»');
    await expect(results).toHaveCount(loaded);
    await expect(link).toBeInViewport();
  });

  test("an unknown text gives 'Nessun prodotto trovato'", async ({ page }) => {
    await page.goto('/app/search?q=qwertyzx');
    await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();
  });

  test('a tag on the home page opens its products', async ({ page, request }) => {
    const tags = await apiData<{ id: number; description: string }[]>(request, '/cli/ecommerce/productsTags');
    const tag = tags[0]!;
    const expected = await apiData<ApiPage<ApiProduct>>(request, `/cli/ecommerce/products/1109/?tag=${tag.id}&s=24`);
    await page.goto('/app/');
    await page
      .getByRole('region', { name: 'Scegli per caratteristica' })
      .getByRole('link', { name: tag.description, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/app/search\\?tag=${tag.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Prodotti ${tag.description}`);
    await expect(page.getByRole('status').filter({ hasText: /prodott/ })).toHaveText(
      `${expected.totalElements} prodotti`,
    );
    await expect(page.locator('.listing .product-card').first().getByRole('heading')).toHaveText(
      expected.data[0]!.description,
    );
  });

  test('the suggestions shown first keep their places when the server answers after them', async ({ page }) => {
    // The server's answer is held until the instant suggestions are on screen,
    // and comes in another order (as a store's ranking may).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered = false;
    await page.route(/\/cli\/ecommerce\/products\/\d+\/\?.*\bq=/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { data: unknown[] } };
      body.data.data.reverse();
      await released;
      await route.fulfill({ response, json: body });
      answered = true;
    });
    await page.goto('/app/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.click();
    await box.pressSequentially('pomo');
    const results = page.getByRole('region', { name: 'Risultati della ricerca' });
    const rows = results.getByRole('listitem').getByRole('link');
    await expect(rows.first()).toBeVisible();
    const hrefs = () => rows.evaluateAll((links) => links.map((a) => a.getAttribute('href')?.replace(/\/$/, '')));
    const shown = await hrefs();
    expect(shown.length, 'several instant suggestions for pomo').toBeGreaterThan(1);
    // Before the server answers, each instant suggestion (the built default store's) has its price per unit
    // (Codice del consumo art. 14), as the product page does.
    for (const href of shown) {
      const barcode = href!.split('/').at(-1)!;
      const product = await apiData<ApiProduct & { attrib3: string }>(
        page.request,
        `/cli/ecommerce/products/barcode/${barcode}`,
      );
      await expect(results.locator(`a[href^="${href}"]`)).toContainText(product.attrib3);
    }

    release();
    await expect.poll(() => answered).toBe(true);
    await page.waitForTimeout(500);
    const after = await hrefs();
    expect(after.slice(0, shown.length)).toEqual(shown);
  });

  test('each suggestion names its brand, price and price per unit, so same-named products are told apart', async ({
    page,
    request,
  }) => {
    type Branded = ApiProduct & { brand: string | null; available: boolean; attrib3: string };
    const all = (await products(request, 'p=0&s=100')).data as Branded[];
    const twins = all.filter(
      (p) =>
        p.available &&
        p.brand &&
        all.some(
          (o) => o !== p && o.available && o.brand && o.description === p.description && o.netPrice !== p.netPrice,
        ),
    );
    const first = twins[0];
    expect(first, 'two products of the same name at different prices in the demo catalogue').toBeTruthy();
    const pair = twins.filter((p) => p.description === first!.description);

    await page.goto('/app/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.click();
    await box.fill(first!.description);
    const results = page.getByRole('region', { name: 'Risultati della ricerca' });
    for (const product of pair) {
      const row = results.getByRole('link').filter({ hasText: product.brand! });
      await expect(row).toContainText(product.description);
      await expect(row).toContainText(euro(product.netPrice));
      await expect(row).toContainText(product.attrib3);
    }
  });

  test("no suggestion: 'Nessun prodotto trovato' said once, and no 'Vedi tutti i risultati'", async ({ page }) => {
    await page.goto('/app/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.click();
    await box.pressSequentially('qwertyzx');
    const results = page.getByRole('region', { name: 'Risultati della ricerca' });
    await expect(results.getByText('Nessun prodotto trovato')).toBeVisible();
    // What a screen reader gets (the accessibility tree): the sentence once.
    const spoken = await page.getByRole('banner').ariaSnapshot();
    expect(spoken.match(/Nessun prodotto trovato/g) ?? []).toHaveLength(1);
    await expect(results.getByRole('link', { name: /Vedi tutti i risultati/ })).toHaveCount(0);
  });
});
