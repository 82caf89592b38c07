// Before buying a food the shopper reads its mandatory information on the
// product page (Reg. (EU) 1169/2011 art. 9 and 14): the allergens in bold in
// the ingredients, the net quantity, the food business operator, the origin
// where it is mandatory and the nutrition table per 100 g / 100 ml. Every page
// links the accessibility statement from its footer (European Accessibility Act).
import { expect, test, type Page } from '@playwright/test';
import { apiData, type ApiCategory, type ApiPage } from './catalogue.helpers.ts';
import { expectNoAxeViolations } from './shop.fixtures.ts';

interface FoodProduct {
  barcode: string;
  description: string;
  food: boolean;
  origin: string | null;
  originRequired: boolean;
  ingredientParts: { text: string; allergen: boolean }[] | null;
  netQuantity: string | null;
  operatorName: string | null;
  operatorAddress: string | null;
  nutritionFacts: { per: string; energyKj: number; energyKcal: number; salt: number } | null;
}

/** The first product of a listing that fits, in full: a listing leaves the food label's fields to the product call. */
async function findProduct(page: Page, query: string, fits: (p: FoodProduct) => boolean): Promise<FoodProduct> {
  const listed = await apiData<ApiPage<{ barcode: string }>>(
    page.request,
    `/cli/ecommerce/products/1109/?${query}&s=100`,
  );
  for (const { barcode } of listed.data) {
    const product = await apiData<FoodProduct>(page.request, `/cli/ecommerce/products/barcode/${barcode}?store=1109`);
    if (fits(product)) return product;
  }
  throw new Error(`no product of ${query} fits`);
}

/** "Quantità netta" → its value, as the definition list pairs them. */
const definition = (page: Page, term: string) =>
  page.locator('.food-facts dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test.describe('food information on the product page', () => {
  test('shows the allergens in bold in the ingredients, the net quantity, the operator and the nutrition table', async ({
    page,
  }) => {
    const milk = await findProduct(page, 'q=latte', (p) => p.food && !!p.ingredientParts?.some((x) => x.allergen));
    const allergen = milk.ingredientParts!.find((x) => x.allergen)!.text;
    await page.goto(`/app/product/${milk.barcode}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(milk.description);

    const ingredients = page.getByRole('region', { name: 'Ingredienti' });
    await expect(ingredients).toContainText(milk.ingredientParts!.map((x) => x.text).join(''));
    const bold = ingredients.locator('strong', { hasText: allergen }).first();
    await expect(bold).toBeVisible();
    expect(Number(await bold.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
    await expect(ingredients.getByText('Gli allergeni sono evidenziati in grassetto.')).toBeVisible();

    await expect(page.getByRole('region', { name: 'Informazioni sul prodotto' })).toBeVisible();
    await expect(definition(page, 'Quantità netta')).toHaveText(milk.netQuantity!);
    await expect(definition(page, 'Operatore responsabile')).toContainText(milk.operatorName!);
    await expect(definition(page, 'Operatore responsabile')).toContainText(milk.operatorAddress!);
    await expect(page.getByText('Informazione non disponibile')).toHaveCount(0);

    const table = page.getByRole('table', {
      name: `Dichiarazione nutrizionale, valori medi per ${milk.nutritionFacts!.per}`,
    });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: `Per ${milk.nutritionFacts!.per}` })).toBeVisible();
    const rows = table.getByRole('rowheader');
    await expect(rows).toHaveText([
      'Energia',
      'Grassi',
      'di cui acidi grassi saturi',
      'Carboidrati',
      'di cui zuccheri',
      'Fibre',
      'Proteine',
      'Sale',
    ]);
    await expect(table.getByRole('row', { name: /^Energia/ }).getByRole('cell')).toHaveText(
      `${milk.nutritionFacts!.energyKj} kJ / ${milk.nutritionFacts!.energyKcal} kcal`,
    );
  });

  test('shows the origin of a fresh fruit, where it is mandatory', async ({ page }) => {
    const categories = await apiData<ApiCategory[]>(page.request, '/cli/categories');
    const produce = categories.find((c) => c.description === 'Frutta e verdura')!;
    const fruit = await findProduct(page, `category=${produce.id}`, (p) => p.originRequired && !!p.origin);
    await page.goto(`/app/product/${fruit.barcode}/`);
    await expect(
      page.locator('.product-facts dt', { hasText: 'Origine' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(fruit.origin!);
    await expect(definition(page, 'Quantità netta')).toHaveText(fruit.netQuantity!);
  });

  test('a food page with its information has no accessibility violations', async ({ page }) => {
    const milk = await findProduct(page, 'q=latte', (p) => p.food && !!p.ingredientParts?.some((x) => x.allergen));
    await page.goto(`/app/product/${milk.barcode}/`);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('accessibility statement', () => {
  test('is linked from the footer of the home, a category, a product page and the cart', async ({ page }) => {
    const categories = await apiData<ApiCategory[]>(page.request, '/cli/categories');
    const product = await findProduct(page, 'q=latte', () => true);
    for (const path of [
      '/app/',
      `/app/category/${categories[0]!.slug}`,
      `/app/product/${product.barcode}/`,
      '/app/cart',
    ]) {
      await page.goto(path);
      const link = page.getByRole('contentinfo').getByRole('link', { name: 'Dichiarazione di accessibilità' });
      await expect(link, path).toHaveAttribute('href', '/app/accessibilita');
    }
    await page.goto('/app/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Dichiarazione di accessibilità' }).click();
    await expect(page).toHaveURL(/\/app\/accessibilita\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dichiarazione di accessibilità');
  });

  test('states the conformance, how it was measured, how to report a barrier and the AgID procedure, with no violations', async ({
    page,
  }) => {
    await page.goto('/app/accessibilita');
    await expect(page).toHaveTitle(/Dichiarazione di accessibilità/);
    for (const heading of [
      'Stato di conformità',
      "Come è stata verificata l'accessibilità",
      'Contenuti non accessibili',
      'Segnala una barriera',
      'Procedura di attuazione',
      'Redazione della dichiarazione',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/nessuna violazione delle regole automatiche di axe-core/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'accessibilita@spesaonline.example' })).toHaveAttribute(
      'href',
      'mailto:accessibilita@spesaonline.example',
    );
    await expect(page.getByRole('link', { name: 'form.agid.gov.it' })).toHaveAttribute(
      'href',
      'https://form.agid.gov.it/',
    );
    await expect(page.getByText(/Dichiarazione redatta il \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
