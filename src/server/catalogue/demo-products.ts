// Demo products: names composed from the shelf vocabulary, label texts from
// the product's profile, unique EAN-13 barcodes, base prices in euro.
import { ean13CheckDigit, type CatalogueFeed } from './feed.ts';
import { OWN_BRAND, profileOf, type Profile } from './profiles.ts';
import type { Leaf } from './vocabulary.ts';
import { pick, type Rng } from './prng.ts';

export type FeedProduct = CatalogueFeed['products'][number];
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
  capsule: 'capsula', cialde: 'cialda', bustine: 'bustina', pezzi: 'pezzo', rotoli: 'rotolo', lavaggi: 'lavaggio',
  uova: 'uovo', pastiglie: 'pastiglia', pacchetti: 'pacchetto', confezione: 'confezione', pezzo: 'pezzo',
};
const toKg: Record<string, [number, 'kg' | 'l']> = { g: [0.001, 'kg'], kg: [1, 'kg'], ml: [0.001, 'l'], cl: [0.01, 'l'], L: [1, 'l'] };

export function parsePack(size: string): Pack {
  const measure = /^(?:(\d+) x )?(?:vaschetta |mazzo )?([\d,]+) (g|kg|ml|cl|L)$/.exec(size);
  if (measure) {
    const count = Number(measure[1] ?? 1);
    const [factor, unit] = toKg[measure[3]!]!;
    return { quantity: count * Number(measure[2]!.replace(',', '.')) * factor, unit, count, multipack: count > 1, noun: '' };
  }
  const counted = /^(\d+) x (\d+) (\S+)$/.exec(size) ?? /^()(\d+) (\S+)$/.exec(size);
  if (!counted) throw new Error(`unknown pack size: ${size}`);
  const count = Number(counted[1] || 1) * Number(counted[2]);
  return { quantity: count, unit: 'pz', count, multipack: false, noun: singular[counted[3]!] ?? 'pezzo' };
}

function nutritionText(p: Profile, rng: Rng): string | null {
  if (!p.nutrition) return null;
  const v = p.nutrition.map((x) => x * (0.9 + rng() * 0.2));
  const g = (x: number) => (x < 0.005 ? '0 g' : `${comma(x, x < 0.1 ? 2 : 1)} g`);
  const [kcal, fat, sat, carb, sug, fib, prot, salt] = v as [number, number, number, number, number, number, number, number];
  return `Valori medi per 100 g: Energia ${Math.round(kcal * 4.184)} kJ / ${Math.round(kcal)} kcal; Grassi ${g(fat)}; di cui acidi grassi saturi ${g(sat)}; Carboidrati ${g(carb)}; di cui zuccheri ${g(sug)}; Fibre ${g(fib)}; Proteine ${g(prot)}; Sale ${g(salt)}`;
}

const typicalApulian = /orecchiette|taralli|tarallini|burrat|stracciatella|altamura|primitivo|negroamaro|capocollo|friselle|cime di rapa|bombette|pasticciotti|cartellate|canestrato|cardoncelli|lampascioni|cerignola|nero di troia|castel del monte|salice salentino|focaccia barese|panzerotti|locorotondo|toritto|coratina|terra di bari|grano arso|troccoli|cavatelli|gioia del colle|martina/i;
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
  ingredients: p.ingredients && /grano|frumento|orzo|farro|pane|pasta/i.test(p.ingredients.join(' ')) ? 'Farina di mais, farina di riso, acqua, emulsionante: mono- e digliceridi degli acidi grassi.' : pick(rng, p.ingredients ?? [null]),
  allergy: p.allergy?.replace(/glutine,? ?/, '').replace(/, $/, '').replace(/^Contiene: ?$/, '') || null,
});

export function makeProduct(slot: LeafSlot, name: { base: string; size: string | null; qualifier: string | null; brand: string }, index: number, barcode: string, rng: Rng): DemoProduct {
  const p = profileOf(slot.leaf[1]);
  const description = [name.base, name.qualifier, name.size].filter(Boolean).join(' ');
  const perKg = p.perKg[0] + rng() * (p.perKg[1] - p.perKg[0]);
  const gf = /senza glutine/i.test(description) ? glutenFree(p, rng) : { ingredients: pick(rng, p.ingredients ?? [null]), allergy: p.allergy ?? null };
  const isFruit = slot.leaf[1] === 'fruit';
  let baseCents: number;
  let sale: Pick<FeedProduct, 'um' | 'purchaseUm' | 'umStep' | 'minWeight' | 'maxAmount' | 'attrib3' | 'waterPack' | 'unitQuantity' | 'unitLabel'>;
  if (p.byWeight) {
    baseCents = shelfCents(perKg, true);
    const step = pick(rng, p.byWeight.steps);
    sale = { um: 'KG', purchaseUm: 'KG', umStep: step, minWeight: step, maxAmount: p.byWeight.maxKg, attrib3: `${comma(baseCents / 100)} €/kg`, waterPack: false, unitQuantity: 1, unitLabel: 'kg' };
  } else {
    const pack = parsePack(name.size ?? '1 pezzo');
    const perPiece = p.perPiece ? p.perPiece[0] + rng() * (p.perPiece[1] - p.perPiece[0]) : 0.5;
    baseCents = shelfCents(pack.unit === 'pz' ? perPiece * pack.quantity : perKg * pack.quantity);
    const water = slot.leaf[1] === 'water';
    const attrib3 = pack.multipack
      ? `Confezione da ${pack.count}`
      : pack.unit === 'pz'
        ? pack.count > 1 ? `${comma(baseCents / 100 / pack.count)} €/${pack.noun}` : null
        : `${comma(baseCents / 100 / pack.quantity)} €/${pack.unit}`;
    // Every product has a unit price (Codice del consumo art. 14–17): a multipack per kg or litre of its whole content, a single piece per piece.
    const unit = pack.unit === 'pz' ? { unitQuantity: pack.count, unitLabel: pack.noun || 'pezzo' } : { unitQuantity: pack.quantity, unitLabel: pack.unit };
    sale = { um: 'PZ', purchaseUm: 'PZ', umStep: 1, minWeight: null, maxAmount: water ? 5 : baseCents > 2000 ? 10 : 30, attrib3, waterPack: water, unitQuantity: unit?.unitQuantity ?? null, unitLabel: unit?.unitLabel ?? null };
  }
  const images = [`/media/products/${barcode}.svg`];
  if (rng() < 0.5) images.push(`/media/products/${barcode}-2.svg`);
  if (images.length === 2 && rng() < 0.4) images.push(`/media/products/${barcode}-3.svg`);
  const origin = p.origins ? (/banan|ananas/i.test(name.base) ? pick(rng, ['Ecuador', 'Costa Rica']) : /mango|avocado|papaya|lime/i.test(name.base) ? pick(rng, ['Brasile', 'Perù']) : pick(rng, p.origins)) : null;
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
      ingredients: gf.ingredients,
      allergyAdvice: gf.allergy,
      allergyOther: p.traces ?? null,
      nutrition: nutritionText(p, rng),
      storage: p.storage,
      recycling: p.recycling ?? null,
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
