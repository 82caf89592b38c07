// Favourites need login: a visitor's heart opens the login panel; a shopper
// adds a product from its page, finds it on /app/favorites with its price
// and removes it there.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './shop.fixtures.ts';
import { apiCall, logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';
import { categories, products, type ApiCategory } from './catalogue.helpers.ts';

/** The categories from the top level down to the one with this id. */
function pathTo(tree: ApiCategory[], id: string): ApiCategory[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    if (id.startsWith(node.id)) {
      const below = pathTo(node.items, id);
      if (below.length > 0) return [node, ...below];
    }
  }
  return [];
}

test.describe('favourites', () => {
  test("a visitor's heart opens the login panel", async ({ page, request }) => {
    const [product] = (await products(request, 's=1')).data;
    await page.goto(`/app/product/${product!.barcode}`);
    await page.getByRole('button', { name: 'Salva nei preferiti' }).click();
    await expect(page.getByRole('dialog', { name: 'Accedi' })).toBeVisible();
  });

  test('a shopper adds a favourite and removes it from the favourites page', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'fav'));
    await logIn(page, shopper);
    const product = (await products(request, 'q=pomodoro&s=5')).data[0]!;

    await page.goto('/app/favorites');
    await expect(page.getByText('Non hai ancora prodotti preferiti.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/app/product/${product.barcode}`);
    await page.getByRole('button', { name: 'Salva nei preferiti' }).click();
    await expect(page.getByRole('button', { name: 'Rimuovi dai preferiti' })).toBeVisible();

    await page.goto('/app/favorites');
    const card = page.locator('.product-card', {
      has: page.getByRole('link', { name: product.description, exact: true }),
    });
    await expect(card).toBeVisible();
    await expect(card.locator('.price__now')).toContainText(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(product.netPrice),
    );
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: `Rimuovi dai preferiti: ${product.description}` }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Non hai ancora prodotti preferiti.')).toBeVisible();
    const left = (await (
      await request.get('/cli/slists/products/favorite/all', { headers: { Authorization: `Bearer ${shopper.jwt}` } })
    ).json()) as { data: unknown[] };
    expect(left.data).toEqual([]);
  });
});

test.describe('favourites at start-up (docs/product.md §2)', () => {
  test("a category page shows a favourite's heart filled after a reload, without opening the favourites", async ({
    page,
    request,
  }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'favstart'));
    // The first product of a third-level category: on the first page of its listing.
    const [first] = (await products(request, 's=1')).data;
    const category = pathTo(await categories(request), first!.categoryId);
    expect(category.length, 'the product sits in a category path').toBeGreaterThan(0);
    const listed = (await products(request, `category=${first!.categoryId}&s=24`)).data;
    const product = listed[0]!;
    expect(
      (await apiCall(request, shopper, '/cli/slists/products/favorite/add', { barcode: product.barcode })).responseCode,
    ).toBe(0);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await logIn(page, shopper);

    await page.goto(`/app/category/${category.map((c) => c.slug).join('/')}`);
    await page.reload();
    const card = page.locator('.product-card', {
      has: page.getByRole('link', { name: product.description, exact: true }),
    });
    await expect(card.getByRole('button', { name: `Rimuovi dai preferiti: ${product.description}` })).toBeVisible();
    await expect(card.locator('.favourite svg')).toHaveAttribute('fill', 'currentColor');
    expect(asked.filter((p) => p.startsWith('/app/favorites'))).toEqual([]);
  });

  test('a page without product cards loads the favourites as it starts, once', async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'favonce'));
    let asked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/cli/slists/products/favorite/all') asked += 1;
    });
    await logIn(page, shopper);
    await page.goto('/app/profile');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(String(shopper.profile['firstName']));
    await page.waitForLoadState('networkidle');
    await expect.poll(() => asked).toBe(1);
  });
});

test.describe("the shopper's store", () => {
  test("a product page and a category show the prices of the cart's store", async ({ page, request }, info) => {
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'store'));
    const auth = { Authorization: `Bearer ${shopper.jwt}` };
    // A pickup cart at another store than the default 1109, and a product whose price differs there.
    const opened = (await (
      await request.post('/cli/ecommerce/cart/open', {
        headers: auth,
        data: { storeId: 1108, deliveryMode: 'IN_STORE', terminalType: 'WEB' },
      })
    ).json()) as { responseCode: number };
    expect(opened.responseCode).toBe(0);
    const here = (await products(request, 's=60')).data;
    const there = (await (await request.get('/cli/ecommerce/products/1108/?s=60')).json()) as {
      data: { data: { barcode: string; netPrice: number; categoryId: string }[] };
    };
    const differs = there.data.data.find((p) => here.some((h) => h.barcode === p.barcode && h.netPrice !== p.netPrice));
    expect(differs, 'a product priced differently in store 1108').toBeDefined();
    await logIn(page, shopper);
    await page.goto(`/app/product/${differs!.barcode}`);
    await expect(page.getByTestId('product-price')).toHaveText(
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(differs!.netPrice),
    );
  });
});
