// Demo products: names composed from the shelf vocabulary, label texts from
// the product's profile, unique EAN-13 barcodes, base prices in euro.
import { ean13CheckDigit, type CatalogueFeed } from '#src/server/catalogue/feed.ts';
import { OWN_BRAND, profileOf, type Nutrition, type Profile, type ProfileKey } from './profiles.ts';
import { approxWeight } from '#src/components/product-format.ts';
import type { NutritionFacts } from '#src/shared/food-info.ts';
import type { Leaf } from './vocabulary.ts';
import { pick, type Rng } from './prng.ts';

type FeedProduct = CatalogueFeed['products'][number];
export interface DemoProduct {
  product: FeedProduct;
  /** Base price in cents, before each store's variation. */
  baseCents: number;
}
export interface LeafSlot {
  categoryId: string;
  leaf: Leaf;
}

const comma = (n: number, digits = 2) => n.toFixed(digits).replace('.', ',');
/** Shelf prices end in 9: 1,49 · 12,90 for counter items. */
export const shelfCents = (euro: number, byWeight = false): number =>
  byWeight ? Math.max(99, Math.round(euro * 10) * 10) : Math.max(29, Math.round(euro * 10) * 10 - 1);

interface Pack {
  /** kg or litres in the pack, or pieces. */
  quantity: number;
  unit: 'kg' | 'l' | 'pz';
  /** Pieces for counted packs, bottles for multipacks. */
  count: number;
  multipack: boolean;
  noun: string;
}

const singular: Record<string, string> = {
  capsule: 'capsula',
  cialde: 'cialda',
  bustine: 'bustina',
  pezzi: 'pezzo',
  rotoli: 'rotolo',
  lavaggi: 'lavaggio',
  uova: 'uovo',
  pastiglie: 'pastiglia',
  pacchetti: 'pacchetto',
  confezione: 'confezione',
  pezzo: 'pezzo',
};
const toKg: Record<string, [number, 'kg' | 'l']> = {
  g: [0.001, 'kg'],
  kg: [1, 'kg'],
  ml: [0.001, 'l'],
  cl: [0.01, 'l'],
  L: [1, 'l'],
};

function parsePack(size: string): Pack {
  const measure = /^(?:(\d+) x )?(?:vaschetta |mazzo )?([\d,]+) (g|kg|ml|cl|L)$/.exec(size);
  if (measure) {
    const count = Number(measure[1] ?? 1);
    const [factor, unit] = toKg[measure[3]!]!;
    return {
      quantity: count * Number(measure[2]!.replace(',', '.')) * factor,
      unit,
      count,
      multipack: count > 1,
      noun: '',
    };
  }
  const counted = /^(\d+) x (\d+) (\S+)$/.exec(size) ?? /^()(\d+) (\S+)$/.exec(size);
  if (!counted) throw new Error(`unknown pack size: ${size}`);
  const count = Number(counted[1] || 1) * Number(counted[2]);
  return { quantity: count, unit: 'pz', count, multipack: false, noun: singular[counted[3]!] ?? 'pezzo' };
}

/** Not food under Reg. 1169/2011 (detergents, cosmetics, paper, pet products): no mandatory food information. */
const NON_FOOD: ReadonlySet<ProfileKey> = new Set<ProfileKey>([
  'laundry',
  'dishes',
  'cleaning',
  'paper',
  'disposables',
  'bodyCare',
  'hairCare',
  'oralCare',
  'faceCare',
  'hygiene',
  'babyCare',
  'wipes',
  'petFood',
  'petCare',
]);

/**
 * Typical values for the foods whose profile has none (drawn without the
 * random stream, so every other product of the demo stays as it was).
 */
const TYPICAL_NUTRITION: Partial<Record<ProfileKey, Nutrition>> = {
  herbs: [40, 0.6, 0.1, 5, 1, 3, 3, 0.05],
  salt: [0, 0, 0, 0, 0, 0, 0, 99.5],
  spices: [300, 8, 1.5, 50, 5, 25, 12, 0.1],
  tea: [2, 0, 0, 0.3, 0, 0, 0.1, 0],
  water: [0, 0, 0, 0, 0, 0, 0, 0.01],
  wine: [75, 0, 0, 2.6, 0.6, 0, 0.1, 0.01],
  beer: [43, 0, 0, 3.6, 0.2, 0, 0.5, 0.01],
  spirits: [230, 0, 0, 12, 12, 0, 0, 0],
};

/** The nutrition declaration as text and as the page's table, from the same values. */
function nutritionLabel(
  key: ProfileKey,
  p: Profile,
  liquid: boolean,
  rng: Rng,
): { nutrition: string | null; nutritionFacts: NutritionFacts | null } {
  const base = p.nutrition ?? (NON_FOOD.has(key) ? undefined : TYPICAL_NUTRITION[key]);
  if (!base) return { nutrition: null, nutritionFacts: null };
  const v = p.nutrition ? p.nutrition.map((x) => x * (0.9 + rng() * 0.2)) : [...base];
  // Grams per 100 g as the label rounds them, never above 100 (the draw varies each value by ±10%).
  const round = (x: number) => (x < 0.005 ? 0 : Math.min(100, Number(x.toFixed(x < 0.1 ? 2 : 1))));
  const g = (x: number) => (x === 0 ? '0 g' : `${comma(x, x < 0.1 ? 2 : 1)} g`);
  const [kcal, fat, sat, carb, sug, fib, prot, salt] = v as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const per = liquid ? '100 ml' : '100 g';
  const facts: NutritionFacts = {
    per,
    energyKj: Math.round(kcal * 4.184),
    energyKcal: Math.round(kcal),
    fat: round(fat),
    saturates: Math.min(round(sat), round(fat)),
    carbohydrate: round(carb),
    sugars: Math.min(round(sug), round(carb)),
    fibre: round(fib),
    protein: round(prot),
    salt: round(salt),
  };
  return {
    nutrition: `Valori medi per ${per}: Energia ${facts.energyKj} kJ / ${facts.energyKcal} kcal; Grassi ${g(facts.fat)}; di cui acidi grassi saturi ${g(facts.saturates)}; Carboidrati ${g(facts.carbohydrate)}; di cui zuccheri ${g(facts.sugars)}; Fibre ${g(facts.fibre ?? 0)}; Proteine ${g(facts.protein)}; Sale ${g(facts.salt)}`,
    nutritionFacts: facts,
  };
}

/** Words of the annex II allergen groups as ingredient lists spell them. */
const ALLERGEN_WORDS =
  /\b(grano(?: duro| tenero)?|frumento|farro|orzo|segale|avena|glutine|crostacei|gamberi|gamberetti|scampi|uova|uovo|pesce|tonno|alici|acciughe|salmone|merluzzo|arachidi|soia|latte|burro|formaggio|pecorino|ricotta|panna|mozzarella|lattosio|frutta a guscio|mandorle|nocciole|noci|pistacchi|anacardi|sedano|senape|sesamo|solfiti|anidride solforosa|lupini|molluschi|cozze|vongole|calamari|seppie|polpo)\b/gi;

/**
 * The ingredients with their allergens marked (`_latte_`, docs/catalogue-feed.md).
 * A single-ingredient fresh food lists its own name; when no word of the list
 * names an allergen the label declares, the declared allergens close the list.
 */
function markedIngredients(text: string | null, name: string, allergy: string | null): string {
  const declared = allergy
    ? allergy
        .replace(/^Contiene: ?/, '')
        .split(/, ?/)
        .filter(Boolean)
    : [];
  if (text === null) return declared.length > 0 ? `_${name}_.` : `${name}.`;
  const marked = text.replace(ALLERGEN_WORDS, '_$1_');
  if (declared.length === 0 || marked.includes('_')) return marked;
  return `${marked.replace(/\.$/, '')}, ${declared.map((a) => `_${a}_`).join(', ')}.`;
}

/** The cooperative's own address, as the own brand's operator (art. 8). */
const COOPERATIVE = {
  name: 'Cooperativa di consumatori di Puglia e Basilicata',
  address: 'Via Amendola 172/C, 70126 Bari (BA)',
};
const MAKER_ADDRESSES = [
  'Via dei Mestieri 12, 70026 Modugno (BA)',
  'Via Appia 45, 74023 Grottaglie (TA)',
  'Contrada Lama di Macina 3, 70022 Altamura (BA)',
  'Via Manfredonia 88, 71121 Foggia (FG)',
  'Via Provinciale per San Vito 16, 72100 Brindisi (BR)',
  'Via Taranto 21, 73100 Lecce (LE)',
  'Via del Lavoro 7, 85100 Potenza (PZ)',
  'Contrada San Vito 14, 75100 Matera (MT)',
  'Via Trani 102, 76121 Barletta (BT)',
  'Via Taranto 9, 74015 Martina Franca (TA)',
];
const hashOf = (text: string): number => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** The food business operator under whose name the food is sold (art. 8): the maker, or the cooperative for its own brand. */
function operatorOf(brand: string): { operatorName: string; operatorAddress: string } {
  if (brand === OWN_BRAND) return { operatorName: COOPERATIVE.name, operatorAddress: COOPERATIVE.address };
  const h = hashOf(brand);
  return {
    operatorName: `${brand} ${h % 3 === 0 ? 'S.p.A.' : 'S.r.l.'}`,
    operatorAddress: MAKER_ADDRESSES[h % MAKER_ADDRESSES.length]!,
  };
}

/** Quantità netta as the label states it: the pack's size, or the indicative weight of a counter item. */
function netQuantityOf(size: string | null, byWeightStep: number | null): string {
  if (byWeightStep !== null) return `Peso variabile, ${approxWeight(byWeightStep)}`;
  return size ? size.replace(/^(vaschetta|mazzo) /, '') : '1 pezzo';
}

const typicalApulian =
  /orecchiette|taralli|tarallini|burrat|stracciatella|altamura|primitivo|negroamaro|capocollo|friselle|cime di rapa|bombette|pasticciotti|cartellate|canestrato|cardoncelli|lampascioni|cerignola|nero di troia|castel del monte|salice salentino|focaccia barese|panzerotti|locorotondo|toritto|coratina|terra di bari|grano arso|troccoli|cavatelli|gioia del colle|martina/i;
const typicalLucanian = /lucan|vulture|aglianico|podolico|basilicata|metapontino/i;

function tagsFor(description: string, brand: string, p: Profile, rng: Rng): number[] {
  const text = `${description} ${brand}`;
  const found: number[] = [];
  const rules: [number, boolean][] = [
    [1, /\bbio\b|biologic/i.test(text)],
    [2, /senza glutine/i.test(text)],
    [3, /senza lattosio/i.test(text)],
    [6, typicalApulian.test(text)],
    [7, typicalLucanian.test(text)],
    [8, /\b(DOP|IGP)\b/.test(text)],
    [10, /integral/i.test(text)],
    [11, /senza zucchero|senza zuccheri|zero zuccheri/i.test(text)],
  ];
  for (const [id, hit] of rules) if (hit) found.push(id);
  for (const id of p.tags ?? []) if ([4, 5, 12].includes(id) && rng() < 0.25) found.push(id);
  if (rng() < 0.03) found.push(9); // Novità
  return [...new Set(found)].slice(0, 2);
}

const glutenFree = (p: Profile, rng: Rng) => ({
  ingredients:
    p.ingredients && /grano|frumento|orzo|farro|pane|pasta/i.test(p.ingredients.join(' '))
      ? 'Farina di mais, farina di riso, acqua, emulsionante: mono- e digliceridi degli acidi grassi.'
      : pick(rng, p.ingredients ?? [null]),
  allergy:
    p.allergy
      ?.replace(/glutine,? ?/, '')
      .replace(/, $/, '')
      .replace(/^Contiene: ?$/, '') || null,
});

export function makeProduct(
  slot: LeafSlot,
  name: { base: string; size: string | null; qualifier: string | null; brand: string },
  index: number,
  barcode: string,
  rng: Rng,
): DemoProduct {
  const p = profileOf(slot.leaf[1]);
  const description = [name.base, name.qualifier, name.size].filter(Boolean).join(' ');
  const perKg = p.perKg[0] + rng() * (p.perKg[1] - p.perKg[0]);
  const gf = /senza glutine/i.test(description)
    ? glutenFree(p, rng)
    : { ingredients: pick(rng, p.ingredients ?? [null]), allergy: p.allergy ?? null };
  const isFruit = slot.leaf[1] === 'fruit';
  const food = !NON_FOOD.has(slot.leaf[1]);
  let baseCents: number;
  let sale: Pick<
    FeedProduct,
    'um' | 'purchaseUm' | 'umStep' | 'minWeight' | 'maxAmount' | 'attrib3' | 'waterPack' | 'unitQuantity' | 'unitLabel'
  >;
  if (p.byWeight) {
    baseCents = shelfCents(perKg, true);
    const step = pick(rng, p.byWeight.steps);
    sale = {
      um: 'KG',
      purchaseUm: 'KG',
      umStep: step,
      minWeight: step,
      maxAmount: p.byWeight.maxKg,
      attrib3: `${comma(baseCents / 100)} €/kg`,
      waterPack: false,
      unitQuantity: 1,
      unitLabel: 'kg',
    };
  } else {
    const pack = parsePack(name.size ?? '1 pezzo');
    const perPiece = p.perPiece ? p.perPiece[0] + rng() * (p.perPiece[1] - p.perPiece[0]) : 0.5;
    baseCents = shelfCents(pack.unit === 'pz' ? perPiece * pack.quantity : perKg * pack.quantity);
    const water = slot.leaf[1] === 'water';
    const attrib3 = pack.multipack
      ? `Confezione da ${pack.count}`
      : pack.unit === 'pz'
        ? pack.count > 1
          ? `${comma(baseCents / 100 / pack.count)} €/${pack.noun}`
          : null
        : `${comma(baseCents / 100 / pack.quantity)} €/${pack.unit}`;
    // Every product has a unit price (Codice del consumo art. 14–17): a multipack per kg or litre of its whole content, a single piece per piece.
    const unit =
      pack.unit === 'pz'
        ? { unitQuantity: pack.count, unitLabel: pack.noun || 'pezzo' }
        : { unitQuantity: pack.quantity, unitLabel: pack.unit };
    sale = {
      um: 'PZ',
      purchaseUm: 'PZ',
      umStep: 1,
      minWeight: null,
      maxAmount: water ? 5 : baseCents > 2000 ? 10 : 30,
      attrib3,
      waterPack: water,
      unitQuantity: unit?.unitQuantity ?? null,
      unitLabel: unit?.unitLabel ?? null,
    };
  }
  const images = [`/media/products/${barcode}.svg`];
  if (rng() < 0.5) images.push(`/media/products/${barcode}-2.svg`);
  if (images.length === 2 && rng() < 0.4) images.push(`/media/products/${barcode}-3.svg`);
  const drawn = p.origins
    ? /banan|ananas/i.test(name.base)
      ? pick(rng, ['Ecuador', 'Costa Rica'])
      : /mango|avocado|papaya|lime/i.test(name.base)
        ? pick(rng, ['Brasile', 'Perù'])
        : pick(rng, p.origins)
    : null;
  // Origin is mandatory for fresh produce, meat and fish, and for olive oil and honey (Reg. 1169/2011 art. 26 and their own rules).
  const oliveOilOrHoney = /olio extravergine di oliva|miele/i.test(name.base);
  const originRequired = food && (!!p.origins || oliveOilOrHoney);
  const origin = drawn ?? (oliveOilOrHoney ? 'Italia' : null);
  return {
    baseCents,
    product: {
      barcode,
      ref: String(200_000 + index),
      description,
      brand: name.brand,
      branded: name.brand === OWN_BRAND,
      ...sale,
      categoryId: slot.categoryId,
      origin,
      caliber: isFruit && p.calibers ? pick(rng, p.calibers) : null,
      ingredients: food ? markedIngredients(gf.ingredients, name.base, gf.allergy) : gf.ingredients,
      allergyAdvice: gf.allergy,
      allergyOther: p.traces ?? null,
      ...nutritionLabel(slot.leaf[1], p, sale.unitLabel === 'l' || /\b(ml|cl|L)$/.test(name.size ?? ''), rng),
      storage: p.storage,
      recycling: p.recycling ?? null,
      food,
      netQuantity: food ? netQuantityOf(name.size, p.byWeight ? sale.umStep : null) : null,
      ...(food ? operatorOf(name.brand) : { operatorName: null, operatorAddress: null }),
      originRequired,
      variantGroup: null,
      images,
      tagIds: tagsFor(description, name.brand, p, rng),
    },
  };
}

/** A fresh EAN-13 with a GS1 Italy prefix (80–83). */
export function newBarcode(rng: Rng, taken: Set<string>): string {
  for (;;) {
    let first12 = String(80 + Math.floor(rng() * 4));
    for (let i = 0; i < 10; i++) first12 += Math.floor(rng() * 10);
    const code = first12 + ean13CheckDigit(first12);
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}
