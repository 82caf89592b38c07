// Prices the law asks for, as a shopper reads them (Codice del consumo): the
// lowest price of the 30 days before a reduction beside every promotion
// shown (art. 17-bis) and the unit price after the reduction (art. 14–17), on
// static cards, island cards, the product page and the cart row. The
// products come from the shop's own API, so the journeys follow the seeded
// demo catalogue (its promotions started a week ago after a higher price).
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiData, categories, products, type ApiPage } from './catalogue.helpers.ts';
import { apiCall, driveStore, euro, logIn, signedUpShopper, uniqueEmail } from './cart.helpers.ts';

interface PricedProduct {
  barcode: string;
  description: string;
  price: number;
  netPrice: number;
  um: 'PZ' | 'KG';
  available: boolean;
  attrib3: string | null;
  promotions: { valueType: string; value: number }[];
  lowestPrice30Days: number | null;
}

const lowestLine = (amount: number) => `Prezzo più basso degli ultimi 30 giorni: ${euro(amount)}`;
const LOWEST = /Prezzo più basso degli ultimi 30 giorni/;
const card = (page: Page, p: PricedProduct): Locator =>
  page.locator('.product-card', { has: page.getByRole('link', { name: p.description, exact: true }) });

/** A promoted product whose promotion followed a higher price, in the store's listing. */
function promotedAfterHigherPrice(list: PricedProduct[]): PricedProduct | undefined {
  return list.find(
    (p) =>
      p.available &&
      p.um === 'PZ' &&
      p.promotions.length > 0 &&
      p.netPrice < p.price &&
      p.lowestPrice30Days !== null &&
      p.lowestPrice30Days > p.netPrice,
  );
}

async function offers(request: APIRequestContext, storeId = 1109): Promise<PricedProduct[]> {
  return (
    await apiData<ApiPage<PricedProduct>>(request, `/cli/ecommerce/products/${storeId}/?onlyPromotions=true&s=100`)
  ).data;
}

test.describe('prices the law asks for', () => {
  test('a promotional product page shows the 30-day lowest price and the unit price; a product without reduction shows no such price', async ({
    page,
    request,
  }) => {
    const promoted = promotedAfterHigherPrice(await offers(request));
    expect(promoted, 'a promoted product whose promotion followed a higher price').toBeDefined();
    expect(promoted!.attrib3).toMatch(/^\d+,\d\d\s€\/\S+$/);
    await page.goto(`/app/product/${promoted!.barcode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(promoted!.description);
    const buying = page.locator('.product-live');
    await expect(buying.getByText(lowestLine(promoted!.lowestPrice30Days!), { exact: true })).toBeVisible();
    await expect(buying.getByText(promoted!.attrib3!, { exact: true })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(euro(promoted!.netPrice));

    const plain = (await products(request, 's=100')).data.find(
      (p) => p.promotions.length === 0,
    ) as unknown as PricedProduct;
    expect(plain.lowestPrice30Days).toBeNull();
    await page.goto(`/app/product/${plain.barcode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain.description);
    await expect(page.locator('.product-live').getByText(plain.attrib3!, { exact: true })).toBeVisible();
    await expect(page.getByText(LOWEST)).toHaveCount(0);
  });

  test('a promotional card on a category page (static) and in search results (island) shows the unit price after the reduction and the 30-day lowest price', async ({
    page,
    request,
  }) => {
    // A first-level category whose first page (24 cards, built statically) holds such a product.
    let found: { slug: string; product: PricedProduct; other: PricedProduct } | undefined;
    for (const c of await categories(request)) {
      const first = (await products(request, `category=${c.id}&s=24`)).data as unknown as PricedProduct[];
      const product = promotedAfterHigherPrice(first);
      const other = first.find((p) => p.promotions.length === 0);
      if (product && other) {
        found = { slug: c.slug, product, other };
        break;
      }
    }
    expect(found, 'a category whose first page has a promotion that followed a higher price').toBeDefined();
    const { slug, product, other } = found!;
    await page.goto(`/app/category/${slug}`);
    const promoCard = card(page, product);
    await expect(promoCard.getByText(product.attrib3!, { exact: true })).toBeVisible();
    await expect(promoCard.getByText(lowestLine(product.lowestPrice30Days!), { exact: true })).toBeVisible();
    await expect(card(page, other).getByText(other.attrib3!, { exact: true })).toBeVisible();
    await expect(card(page, other).getByText(LOWEST)).toHaveCount(0);

    await page.goto(`/app/search?q=${encodeURIComponent(product.description)}`);
    const found2 = card(page, product);
    await expect(found2.getByText(lowestLine(product.lowestPrice30Days!), { exact: true })).toBeVisible();
    await expect(found2.getByText(product.attrib3!, { exact: true })).toBeVisible();
  });

  test('a cart row shows the unit price after the reduction and the 30-day lowest price', async ({
    page,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'omnibus'));
    await logIn(page, shopper);
    const store = await driveStore(request);
    const promoted = promotedAfterHigherPrice(await offers(request, store.id));
    expect(promoted, `a promotion that followed a higher price in store ${store.id}`).toBeDefined();
    const opened = await apiCall<{ id: number }>(request, shopper, '/cli/ecommerce/cart/open', {
      storeId: store.id,
      deliveryMode: 'DRIVE',
    });
    expect(opened.responseCode).toBe(0);
    const stored = await apiCall(request, shopper, '/cli/ecommerce/cart/store', {
      cartId: opened.data.id,
      barcode: promoted!.barcode,
      amount: 2,
    });
    expect(stored.responseCode).toBe(0);

    await page.goto('/app/cart');
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: promoted!.description, exact: true }) });
    await expect(row.getByText(promoted!.attrib3!, { exact: true })).toBeVisible();
    await expect(row.getByText(lowestLine(promoted!.lowestPrice30Days!), { exact: true })).toBeVisible();
    await expect(row.getByText(`Totale riga: ${euro(promoted!.netPrice * 2)}`)).toBeAttached();
  });
});
