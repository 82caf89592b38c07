// A shopper browses the catalogue: home → a third-level category → more
// products as they scroll → a product with its promotion and information;
// sort and filters; the categories overlay on a phone; axe on each screen.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { categories, categoryWithManyProducts, products, promotionPercent } from './catalogue.helpers.ts';

const cards = (page: Page) => page.locator('.listing .product-card:visible');

test.describe('catalogue browsing', () => {
  test('home → category level 3 through the tree and the subcategory links', async ({ page, request, isMobile }) => {
    const [first] = await categories(request);
    const second = first!.items[0]!;
    const third = second.items[0]!;
    await page.goto('/app/');
    await expect(
      page.getByRole('region', { name: 'Promozioni' }).or(page.locator('[data-carousel]')).first(),
    ).toBeVisible();
    if (isMobile) {
      // The categories overlay of docs/product.md §2: a favourites entry and the top-level categories.
      await page.getByRole('banner').getByRole('button', { name: 'Categorie' }).click();
      const overlay = page.getByRole('dialog', { name: 'Categorie' });
      await expect(overlay.getByRole('link', { name: 'Preferiti' })).toBeVisible();
      await overlay.getByRole('link', { name: first!.description, exact: true }).click();
    } else {
      await page.locator('.category-tree-nav').getByRole('link', { name: first!.description, exact: true }).click();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.description);
    await page
      .getByRole('navigation', { name: `Sottocategorie di ${first!.description}` })
      .getByRole('link', { name: second.description, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.description);
    await page
      .getByRole('navigation', { name: `Sottocategorie di ${second.description}` })
      .getByRole('link', { name: third.description, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(third.description);
    await expect(page).toHaveURL(new RegExp(`/app/category/${first!.slug}/${second.slug}/${third.slug}/?$`));
    const listed = await products(request, `category=${third.id}&s=24`);
    await expect(cards(page)).toHaveCount(listed.data.length);
    await expect(page.getByRole('status').filter({ hasText: /prodott/ })).toHaveText(
      listed.totalElements === 1 ? '1 prodotto' : `${listed.totalElements} prodotti`,
    );
  });

  test('scrolling loads more products, and a loaded product shows its promotion and information', async ({
    page,
    request,
  }) => {
    // The e2e catalogue is small (400 products): the first level is the one
    // with more than a page; the island is the same on every level.
    const { category, total } = await categoryWithManyProducts(request);
    await page.goto(`/app/category/${category.slug}`);
    await expect(cards(page)).toHaveCount(24);
    await page.waitForFunction(() => document.querySelector('.load-more') !== null);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(Math.min(total, 72));

    // Any promoted product among those loaded (the demo catalogue puts about one in ten on offer).
    const loaded = await products(request, `category=${category.id}&s=${Math.min(total, 72)}&p=0`);
    const promoted =
      loaded.data.slice(24).find((p) => p.promotions.length > 0 && p.ingredients) ??
      loaded.data.find((p) => p.promotions.length > 0 && p.ingredients);
    expect(promoted, 'a promoted product with ingredients among the loaded ones').toBeDefined();
    const card = page.locator('.product-card', {
      has: page.getByRole('link', { name: promoted!.description, exact: true }),
    });
    await expect(card.locator('.badge--promo')).toContainText(`-${promotionPercent(promoted!)}%`);
    await card.getByRole('link', { name: promoted!.description, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(promoted!.description);
    await expect(page.getByTestId('promotion-badge')).toHaveText(`In offerta -${promotionPercent(promoted!)}%`);
    const [y, m, d] = promoted!.promotions[0]!.validTo.split('-');
    await expect(page.getByText(`Offerta fino al ${d}/${m}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ingredienti' })).toBeVisible();
    await expect(page.getByText(promoted!.ingredients!.split('\n')[0]!, { exact: false }).first()).toBeVisible();
    for (const [field, title] of [
      ['allergyAdvice', 'Allergeni'],
      ['nutrition', 'Valori nutrizionali'],
      ['storage', 'Conservazione'],
      ['recycling', 'Raccolta differenziata'],
    ] as const) {
      const heading = page.getByRole('heading', { name: title, exact: true });
      if (promoted![field]) await expect(heading).toBeVisible();
      else if (field !== 'allergyAdvice' || !promoted!.allergyOther) await expect(heading).toHaveCount(0);
    }
    if (promoted!.origin) await expect(page.locator('.product-facts')).toContainText(promoted!.origin);
    expect(y).toMatch(/^\d{4}$/);
  });

  test('back from a product of the second page returns to it, with the same products loaded', async ({
    page,
    request,
  }) => {
    const { category } = await categoryWithManyProducts(request);
    await page.goto(`/app/category/${category.slug}`);
    await expect(cards(page)).toHaveCount(24);
    await page.waitForFunction(() => document.querySelector('.load-more') !== null);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    // The second page comes in (on a phone the third may follow: the list ends near the screen).
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
    const second = await products(request, `category=${category.id}&s=24&p=1`);
    const chosen = second.data[Math.min(5, second.data.length - 1)]!;
    const link = page.locator('.listing').getByRole('link', { name: chosen.description, exact: true });
    await link.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const loaded = await cards(page).count();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.description);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.description);
    await expect(cards(page)).toHaveCount(loaded);
    await expect(link).toBeInViewport();

    // A reload keeps the place too; opening the category afresh starts from the top.
    await page.reload();
    await expect(cards(page)).toHaveCount(loaded);
    await expect(link).toBeInViewport();
    await page.goto(`/app/category/${category.slug}`);
    await expect(page.getByLabel('Ordina per')).toBeEnabled();
    await expect(cards(page)).toHaveCount(24);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('sort and filters reload the list from the first page', async ({ page, request, isMobile }) => {
    const { category } = await categoryWithManyProducts(request);
    await page.goto(`/app/category/${category.slug}`);
    await expect(page.getByLabel('Ordina per')).toBeEnabled();
    const fold = page.locator('.listing summary', { hasText: 'Ordina e filtra' });
    if (isMobile) {
      // On a phone the sort and filters are folded: the first products are on the first screen.
      await expect(page.getByLabel('Ordina per')).toBeHidden();
      await expect(cards(page).first().locator('img')).toBeInViewport({ ratio: 0.5 });
      await fold.click();
    } else {
      await expect(fold).toBeHidden();
    }
    await page.getByLabel('Ordina per').selectOption({ label: 'Prezzo crescente' });
    await expect(page).toHaveURL(/sort=price-ASC/);
    if (isMobile) await expect(fold).toHaveText('Ordina e filtra (1 scelta)');
    const cheapest = await products(request, `category=${category.id}&s=24&sort=price-ASC`);
    await expect(cards(page).first().getByRole('heading')).toHaveText(cheapest.data[0]!.description);
    await expect(cards(page)).toHaveCount(24);

    await page.getByRole('checkbox', { name: 'Solo offerte' }).check();
    await expect(page).toHaveURL(/onlyPromotions=true/);
    const offers = await products(request, `category=${category.id}&s=24&sort=price-ASC&onlyPromotions=true`);
    await expect(page.getByRole('status').filter({ hasText: /prodott/ })).toHaveText(
      `${offers.totalElements} prodotti`,
    );
    await expect(cards(page)).toHaveCount(Math.min(24, offers.totalElements));
    await expect(cards(page).locator('.badge--promo')).toHaveCount(Math.min(24, offers.totalElements));

    await page.getByRole('checkbox', { name: 'Solo marchio della cooperativa' }).check();
    if (isMobile) await expect(fold).toHaveText('Ordina e filtra (3 scelte)');
    const branded = await products(
      request,
      `category=${category.id}&s=24&sort=price-ASC&onlyPromotions=true&onlyBranded=true`,
    );
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /prodott|Nessun/ })
        .first(),
    ).toBeVisible();
    if (branded.totalElements === 0) await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();
    else await expect(cards(page)).toHaveCount(Math.min(24, branded.totalElements));
  });

  test('clicking the open category of the page folds and unfolds its subcategories', async ({
    page,
    request,
    isMobile,
  }) => {
    const [first] = await categories(request);
    const second = first!.items[0]!;
    await page.goto(`/app/category/${first!.slug}/${second.slug}`);
    const tree = page.locator('.category-tree-nav');
    if (isMobile) await tree.getByText('Categorie', { exact: true }).click();
    const current = tree.locator('a[aria-current="page"]');
    await expect(current).toHaveText(second.description);
    const sub = tree.getByRole('link', { name: second.items[0]!.description, exact: true });
    await expect(sub).toBeVisible();
    await current.click();
    await expect(sub).toBeHidden();
    await current.click();
    await expect(sub).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/category/${first!.slug}/${second.slug}/?$`));
  });

  test('the home page carousel can be paused and moved by hand', async ({ page }) => {
    await page.goto('/app/');
    const pause = page.getByRole('button', { name: 'Metti in pausa i banner' });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole('button', { name: 'Riprendi lo scorrimento dei banner' })).toBeVisible();
    await page.getByRole('button', { name: 'Banner successivo' }).click();
    await expect(page.locator('[data-position]')).toHaveText(/^2 \/ \d+$/);
    await page.getByRole('button', { name: 'Banner precedente' }).click();
    await expect(page.locator('[data-position]')).toHaveText(/^1 \/ \d+$/);
  });

  test('a banner with products opens their list, 10 at a time', async ({ page }) => {
    await page.goto('/app/');
    const banner = page.locator('[data-slide] a').first();
    const title = await banner.locator('img').getAttribute('alt');
    await banner.click();
    await expect(page).toHaveURL(/\/app\/banners\/\d+\/products/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    // The path back: Home, then the banner (Home once).
    await expect(page.getByRole('navigation', { name: 'Percorso' }).getByRole('listitem')).toHaveText(['Home', title!]);
    // Headings do not skip a level between the title and the cards' h3.
    await expect(page.getByRole('heading', { level: 2, name: `Prodotti di ${title}` })).toBeAttached();
    await expect(page.locator('.listing .product-card:visible').first()).toBeVisible();
    expect(await page.locator('.listing .product-card:visible').count()).toBeLessThanOrEqual(10);
  });

  // axe runs once the islands it judges have hydrated (the carousel's controls, the sort box and the cards).
  test('home has no accessibility violations', async ({ page }) => {
    await page.goto('/app/');
    await expect(page.getByRole('button', { name: 'Metti in pausa i banner' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a category has no accessibility violations', async ({ page, request }) => {
    const { category } = await categoryWithManyProducts(request);
    await page.goto(`/app/category/${category.slug}`);
    await expect(page.getByLabel('Ordina per')).toBeEnabled();
    await expect(cards(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
