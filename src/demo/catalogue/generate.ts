// The deterministic demo catalogue (docs/architecture.md §4): the same products, seed and
// day always give the same feed, so builds, tests and benchmarks agree.
import { romeToday } from '#src/shared/time.ts';
import { FEED_VERSION, type CatalogueFeed } from '#src/server/catalogue/feed.ts';
import { demoDeliveryTowns, demoStates, demoStores } from './demo-stores.ts';
import { makeProduct, newBarcode, shelfCents, type DemoProduct, type LeafSlot } from './demo-products.ts';
import { OWN_BRAND, profileOf } from './profiles.ts';
import { departments } from './vocabulary.ts';
import { between, mulberry32, shuffle, type Rng } from './prng.ts';

export interface GenerateOptions {
  products: number;
  seed?: number;
  /** YYYY-MM-DD in Rome: promotions and banners are dated from it. */
  today?: string;
}

const slugify = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const two = (n: number) => String(n).padStart(2, '0');

const demoTags = [
  'Bio',
  'Senza glutine',
  'Senza lattosio',
  'Vegano',
  'Km 0',
  'Prodotti tipici pugliesi',
  'Prodotti tipici lucani',
  'DOP e IGP',
  'Novità',
  'Integrale',
  'Senza zuccheri aggiunti',
  'Pesca sostenibile',
].map((description, i) => ({ id: i + 1, description, imageUrl: `/media/tags/${i + 1}.svg` }));

function categoriesAndLeaves(): { categories: CatalogueFeed['categories']; leaves: LeafSlot[] } {
  const categories: CatalogueFeed['categories'] = [];
  const leaves: LeafSlot[] = [];
  departments.forEach((dept, d) => {
    const id1 = two(d + 1);
    categories.push({
      id: id1,
      parentId: null,
      description: dept.description,
      slug: slugify(dept.description),
      position: d + 1,
    });
    dept.aisles.forEach((aisle, a) => {
      const id2 = id1 + two(a + 1);
      categories.push({
        id: id2,
        parentId: id1,
        description: aisle.description,
        slug: slugify(aisle.description),
        position: a + 1,
      });
      aisle.leaves.forEach((leaf, l) => {
        const id3 = id2 + two(l + 1);
        categories.push({ id: id3, parentId: id2, description: leaf[0], slug: slugify(leaf[0]), position: l + 1 });
        leaves.push({ categoryId: id3, leaf });
      });
    });
  });
  return { categories, leaves };
}

const brandsOf = (slot: LeafSlot) => [...profileOf(slot.leaf[1]).brands, OWN_BRAND];
const qualifiersOf = (slot: LeafSlot) => [null, ...(profileOf(slot.leaf[1]).qualifiers ?? [])];
const sizesOf = (slot: LeafSlot) =>
  profileOf(slot.leaf[1]).byWeight || slot.leaf[3].length === 0 ? [null] : slot.leaf[3];
const capacity = (s: LeafSlot) => s.leaf[2].length * sizesOf(s).length * qualifiersOf(s).length * brandsOf(s).length;

/** How many products each leaf gets: one each first, then by the profile's weight, never past its distinct names. */
function allocate(leaves: LeafSlot[], total: number): number[] {
  const counts = leaves.map((): number => (total >= leaves.length ? 1 : 0));
  const weights = leaves.map((s) => profileOf(s.leaf[1]).weight ?? 1);
  const caps = leaves.map(capacity);
  const sum = weights.reduce((a, b) => a + b, 0);
  let assigned = counts.reduce((a, b) => a + b, 0);
  const goal = (i: number) => (total * weights[i]!) / sum;
  while (assigned < total) {
    let best = 0;
    let bestGap = -Infinity;
    const full = counts.every((c, i) => c >= caps[i]!);
    for (let i = 0; i < leaves.length; i++) {
      if (!full && counts[i]! >= caps[i]!) continue;
      const gap = (goal(i) - counts[i]!) / weights[i]!;
      if (gap > bestGap) [best, bestGap] = [i, gap];
    }
    counts[best]! += 1;
    assigned++;
  }
  return counts;
}

function leafProducts(
  slot: LeafSlot,
  count: number,
  rng: Rng,
  taken: Set<string>,
  start: number,
): { line: string; item: DemoProduct }[] {
  const [bases, sizes, quals, brands] = [slot.leaf[2], sizesOf(slot), qualifiersOf(slot), brandsOf(slot)];
  const total = capacity(slot);
  const chosen = shuffle(
    rng,
    Array.from({ length: total }, (_, i) => i),
  ).slice(0, count);
  while (chosen.length < count) chosen.push(Math.floor(rng() * total)); // a huge catalogue repeats names
  // Some lines come in two sizes even in a small catalogue.
  const inUse = new Set(chosen);
  for (let k = 0; k + 1 < chosen.length && sizes.length > 1; k++) {
    const sibling = chosen[k]! - (chosen[k]! % sizes.length) + ((chosen[k]! + 1) % sizes.length);
    if (rng() < 0.1 && !inUse.has(sibling)) {
      inUse.add(sibling);
      chosen[k + 1] = sibling;
      k++;
    }
  }
  chosen.sort((a, b) => a - b);
  const made = chosen.map((idx, k) => {
    const size = sizes[idx % sizes.length]!;
    let rest = Math.floor(idx / sizes.length);
    const qualifier = quals[rest % quals.length]!;
    rest = Math.floor(rest / quals.length);
    const brand = brands[rest % brands.length]!;
    const base = bases[Math.floor(rest / brands.length)]!;
    return {
      line: `${slot.categoryId}|${base}|${qualifier}|${brand}`,
      item: makeProduct(slot, { base, size, qualifier, brand }, start + k, newBarcode(rng, taken), rng),
    };
  });
  return made;
}

/** Sizes of the same line are each other's variants (docs/product.md §3 productVariants): about 10% of products. */
function groupVariants(made: { line: string; item: DemoProduct }[], rng: Rng): void {
  const lines = new Map<string, DemoProduct[]>();
  for (const m of made) lines.set(m.line, [...(lines.get(m.line) ?? []), m.item]);
  const multi = [...lines.values()].filter((m) => m.length > 1);
  const keep = Math.min(
    1,
    (0.1 * made.length) /
      Math.max(
        1,
        multi.reduce((a, m) => a + m.length, 0),
      ),
  );
  multi.forEach((members, n) => {
    if (rng() >= keep) return;
    for (const member of members) member.product.variantGroup = `${member.product.categoryId}-${n + 1}`;
  });
}

const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function generateCatalogue(options: GenerateOptions): CatalogueFeed {
  const { products: total, seed = 1, today = romeToday() } = options;
  const rng = mulberry32(seed);
  const { categories, leaves } = categoriesAndLeaves();
  const taken = new Set<string>();
  const counts = allocate(leaves, total);
  const made: { line: string; item: DemoProduct }[] = [];
  leaves.forEach((slot, i) => {
    made.push(...leafProducts(slot, counts[i]!, rng, taken, made.length));
  });
  groupVariants(made, rng);
  const demo = made.map((m) => m.item);
  const stores = demoStores(today);

  const prices: CatalogueFeed['prices'] = [];
  const storePrice = new Map<string, number>();
  for (const store of stores) {
    const storeFactor = store.superstore ? 0.98 : 1;
    for (const { product, baseCents } of demo) {
      const variation = storeFactor * (1 + (between(rng, 0, 10) - 5) / 100);
      const cents = variation === 1 ? baseCents : shelfCents((baseCents * variation) / 100, product.um === 'KG');
      storePrice.set(`${store.id}/${product.barcode}`, cents);
      prices.push({ storeId: store.id, barcode: product.barcode, price: cents / 100, available: rng() >= 0.03 });
    }
  }

  const promotions: CatalogueFeed['promotions'] = [];
  const priceHistory: CatalogueFeed['priceHistory'] = [];
  // Its own sequence, so adding the history left the rest of the catalogue as it was.
  const historyRng = mulberry32(seed + 7919);
  const promoted: string[] = [];
  for (const { product } of demo) {
    if (rng() >= 0.1) continue;
    promoted.push(product.barcode);
    const percent = 5 * between(rng, 2, 8);
    const newPrice = rng() < 0.5;
    const validTo = addDays(today, between(rng, 3, 21));
    const everywhere = rng() < 0.8;
    for (const store of stores) {
      if (!everywhere && rng() < 0.5) continue;
      const price = storePrice.get(`${store.id}/${product.barcode}`)!;
      const promoCents = Math.min(price - 1, shelfCents((price * (100 - percent)) / 10_000));
      const base = { storeId: store.id, barcode: product.barcode, validFrom: addDays(today, -7), validTo };
      priceHistory.push(...pastPrices(historyRng, base, price, product.um === 'KG', today));
      if (newPrice && promoCents > 0)
        promotions.push({ ...base, description: 'Prezzo speciale', valueType: 'NEW_PRICE', value: promoCents / 100 });
      else promotions.push({ ...base, description: `Sconto ${percent}%`, valueType: 'PERCENTAGE', value: percent });
    }
  }

  const feedProducts = demo.map((d) => d.product);
  return {
    version: FEED_VERSION,
    states: demoStates,
    stores,
    deliveryTowns: demoDeliveryTowns,
    categories,
    tags: demoTags,
    products: feedProducts,
    prices,
    promotions,
    banners: demoBanners(feedProducts, promoted, today, rng),
    priceHistory,
  };
}

/**
 * A plausible past of a promoted price (the 30-day lowest price of art.
 * 17-bis needs one): a higher price until three weeks before the promotion,
 * then the shelf price of today, or now and then a little less for a while.
 */
function pastPrices(
  rng: Rng,
  promo: { storeId: number; barcode: string; validFrom: string },
  cents: number,
  byWeight: boolean,
  today: string,
): CatalogueFeed['priceHistory'] {
  const higher = Math.max(cents, shelfCents((cents * (1 + between(rng, 2, 12) / 100)) / 100, byWeight));
  const lately = rng() < 0.3 ? Math.min(cents, shelfCents((cents * 0.96) / 100, byWeight)) : cents;
  const row = (validFrom: string, validTo: string, c: number) => ({
    storeId: promo.storeId,
    barcode: promo.barcode,
    price: c / 100,
    validFrom,
    validTo,
  });
  return [
    row(addDays(today, -60), addDays(promo.validFrom, -22), higher),
    row(addDays(promo.validFrom, -21), addDays(promo.validFrom, -1), lately),
  ];
}

function demoBanners(
  products: CatalogueFeed['products'],
  promoted: string[],
  today: string,
  rng: Rng,
): CatalogueFeed['banners'] {
  const all = products.map((p) => p.barcode);
  const choose = (candidates: string[]) => {
    const want = between(rng, 10, 40);
    const picked = shuffle(rng, candidates).slice(0, want);
    if (picked.length < Math.min(10, all.length)) {
      const extra = shuffle(
        rng,
        all.filter((b) => !picked.includes(b)),
      );
      picked.push(...extra.slice(0, Math.min(10, all.length) - picked.length));
    }
    return picked;
  };
  const themed: [string, string[]][] = [
    ['Offerte della settimana', promoted],
    ['Sapori di Puglia', products.filter((p) => p.tagIds.includes(6)).map((p) => p.barcode)],
    ['Speciale surgelati', products.filter((p) => p.categoryId.startsWith('04')).map((p) => p.barcode)],
    ['Scelta Nostra, il marchio della cooperativa', products.filter((p) => p.branded).map((p) => p.barcode)],
    ['Spesa a domicilio a Bari e provincia', []],
    ['Ritira in auto con il Drive', []],
  ];
  return themed.map(([title, candidates], i) => ({
    id: i + 1,
    title,
    imageUrl: `/media/banners/${i + 1}.svg`,
    imageApp: `/media/banners/${i + 1}-app.svg`,
    position: i + 1,
    validFrom: i === 0 ? addDays(today, -7) : null,
    validTo: i === 0 ? addDays(today, 21) : null,
    barcodes: i < 4 ? choose(candidates) : [],
  }));
}
