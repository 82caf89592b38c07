// Mandatory food information before purchase (Reg. (EU) 1169/2011 art. 9 and
// 14): what the feed carries, what the import reports missing per product,
// and what the product calls answer (allergens marked in the ingredients,
// net quantity, the food business operator, origin, nutrition per 100 g/ml).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { printReport } from '#src/server/catalogue/report.ts';
import { judgeFeed } from '#src/server/catalogue/validate.ts';
import type { CatalogueFeed } from '#src/server/catalogue/feed.ts';
import { product as productContract } from '#src/shared/contract/catalogue.ts';
import { romeToday } from '#src/shared/time.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
const feed = generateCatalogue({ products: 300, seed: 11, today: romeToday() });
const copy = (): CatalogueFeed => structuredClone(feed);
type FeedProduct = CatalogueFeed['products'][number];

const sold = (f: CatalogueFeed, p: FeedProduct) =>
  f.prices.some((x) => x.storeId === 1109 && x.barcode === p.barcode && x.available);
const milk = feed.products.find(
  (p) => p.food && sold(feed, p) && p.allergyAdvice === 'Contiene: latte' && /^_Latte_/.test(p.ingredients ?? ''),
)!;
const fruit = feed.products.find((p) => p.food && sold(feed, p) && p.originRequired && p.categoryId.startsWith('01'))!;
const detergent = feed.products.find((p) => !p.food && sold(feed, p))!;
const others = feed.products.filter((p) => p.food && sold(feed, p) && p !== milk && p !== fruit);

beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(async () => {
  await shop?.close();
});

async function info(barcode: string) {
  const { status, body } = await shop.request(`/cli/ecommerce/products/barcode/${barcode}/info?store=1109`);
  expect(status).toBe(200);
  expect(body.responseCode).toBe(0);
  return body.data;
}
async function detail(barcode: string) {
  const { status, body } = await shop.request(`/cli/ecommerce/products/barcode/${barcode}?store=1109`);
  expect(status).toBe(200);
  return productContract.parse(body.data);
}

describe('the demo catalogue', () => {
  it('has every mandatory food information: its import reports no product lacking any', () => {
    expect(milk && fruit && detergent, 'a dairy product, a fruit and a detergent in the demo').toBeTruthy();
    const { rejected, incomplete } = judgeFeed(feed);
    expect(rejected).toEqual([]);
    expect(incomplete).toEqual([]);
    for (const p of feed.products.filter((x) => x.food)) {
      expect(p.netQuantity, p.description).toBeTruthy();
      expect(p.operatorName, p.description).toBeTruthy();
      expect(p.nutritionFacts, p.description).toBeTruthy();
      if (p.allergyAdvice) expect(p.ingredients, p.description).toContain('_');
      if (p.originRequired) expect(p.origin, p.description).toBeTruthy();
    }
    // Oil and honey need their origin too, not only fresh produce.
    const oliveOil = feed.products.filter((p) => /olio extravergine di oliva/i.test(p.description));
    for (const p of oliveOil) expect([p.originRequired, p.origin]).toEqual([true, 'Italia']);
  });
});

describe('importing a feed with missing food information', () => {
  it('imports the products and lists, per product, the mandatory fields each lacks', async () => {
    const f = copy();
    const at = (barcode: string) => f.products.findIndex((p) => p.barcode === barcode);
    const bare = f.products[at(others[0]!.barcode)]!;
    Object.assign(bare, {
      netQuantity: null,
      operatorName: null,
      operatorAddress: null,
      nutritionFacts: null,
      storage: null,
      ingredients: null,
    });
    Object.assign(f.products[at(fruit.barcode)]!, { origin: null });
    const unmarked = f.products[at(milk.barcode)]!;
    unmarked.ingredients = unmarked.ingredients!.replaceAll('_', '');
    // A detergent has none of it and is not a food: not listed.
    Object.assign(f.products[at(detergent.barcode)]!, { netQuantity: null, operatorName: null, nutritionFacts: null });

    const report = await importCatalogue(shop.handle, f);
    expect(report.imported).toBe(true);
    expect(report.rejected).toEqual([]);
    expect(report.incomplete).toEqual(
      [
        { index: at(milk.barcode), barcode: milk.barcode, missing: ['allergeni evidenziati negli ingredienti'] },
        { index: at(fruit.barcode), barcode: fruit.barcode, missing: ['paese di origine'] },
        {
          index: at(bare.barcode),
          barcode: bare.barcode,
          missing: [
            'quantità netta',
            'ingredienti',
            'condizioni di conservazione',
            "nome dell'operatore",
            "indirizzo dell'operatore",
            'dichiarazione nutrizionale',
          ],
        },
      ].sort((a, b) => a.index - b.index),
    );
    expect(report.message).toContain('3 prodotti alimentari senza tutte le informazioni obbligatorie');
    const lines: string[] = [];
    printReport(report, (l) => lines.push(l));
    expect(lines).toContain(`incomplete products[${at(fruit.barcode)}] ${fruit.barcode}: mancano paese di origine`);

    // What the shop then answers for them: the missing fields, named.
    expect((await info(bare.barcode)).missingFoodInfo).toEqual(
      report.incomplete.find((p) => p.barcode === bare.barcode)!.missing,
    );
    expect((await info(fruit.barcode)).missingFoodInfo).toEqual(['paese di origine']);
    const shown = await detail(bare.barcode);
    expect([
      shown.netQuantity,
      shown.operatorName,
      shown.nutritionFacts,
      shown.ingredients,
      shown.ingredientParts,
    ]).toEqual([null, null, null, null, null]);
    expect((await info(detergent.barcode)).missingFoodInfo).toEqual([]);
  });

  it('refuses an ingredients list whose allergen mark is left open, and a nutrition table that does not add up', () => {
    const f = copy();
    f.products[0]!.ingredients = 'Semola di _grano duro, acqua.';
    f.products[1]!.nutritionFacts = {
      per: '100 g',
      energyKj: 1000,
      energyKcal: 239,
      fat: 2,
      saturates: 3,
      carbohydrate: 10,
      sugars: 2,
      fibre: null,
      protein: 5,
      salt: 0.1,
    };
    const { rejected } = judgeFeed(f);
    expect(rejected.filter((r) => r.section === 'products').map((r) => [r.index, r.reason])).toEqual([
      [0, 'ingredients: allergene evidenziato con _ senza il _ di chiusura'],
      [1, 'nutritionFacts.saturates: acidi grassi saturi oltre i grassi'],
    ]);
  });
});

describe('the product calls', () => {
  beforeAll(async () => {
    const report = await importCatalogue(shop.handle, feed);
    expect(report.imported).toBe(true);
  });

  it('answer the ingredients with their allergens marked, the net quantity, the operator and the nutrition per 100 g', async () => {
    const shown = await detail(milk.barcode);
    expect(shown.food).toBe(true);
    expect(shown.ingredients).toBe(milk.ingredients!.replaceAll('_', ''));
    expect(shown.ingredients).not.toContain('_');
    expect(shown.ingredientParts![0]).toEqual({ text: 'Latte', allergen: true });
    expect(shown.ingredientParts!.map((p) => p.text).join('')).toBe(shown.ingredients);
    expect(shown.netQuantity).toBe(milk.netQuantity);
    expect(shown.netQuantity).toMatch(/^\d/);
    expect([shown.operatorName, shown.operatorAddress]).toEqual([milk.operatorName, milk.operatorAddress]);
    expect(shown.operatorAddress).toMatch(/, \d{5} .+ \([A-Z]{2}\)$/);
    expect(shown.nutritionFacts).toEqual(milk.nutritionFacts);
    expect(shown.nutritionFacts!.per).toMatch(/^100 (g|ml)$/);

    const label = await info(milk.barcode);
    expect(label).toMatchObject({
      description: milk.description,
      netQuantity: milk.netQuantity,
      operatorName: milk.operatorName,
      missingFoodInfo: [],
      ingredientParts: shown.ingredientParts,
      nutritionFacts: milk.nutritionFacts,
    });
  });

  it('answer the origin of a fruit, where it is mandatory', async () => {
    const shown = await detail(fruit.barcode);
    expect([shown.originRequired, shown.origin]).toEqual([true, fruit.origin]);
    expect(shown.origin).toBeTruthy();
  });

  it('answer a detergent as not a food, with nothing missing', async () => {
    const label = await info(detergent.barcode);
    expect([label.food, label.missingFoodInfo, label.nutritionFacts]).toEqual([false, [], null]);
  });
});
