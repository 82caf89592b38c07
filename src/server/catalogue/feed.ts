// The catalogue feed (docs/catalogue-feed.md): one JSON document holding the
// whole catalogue of the cooperative, as its ERP exports it. Money is euro
// here; the database keeps integer cents. Each section's row schema is
// exported apart so the importer can judge every row on its own.
import { z } from 'zod';
import { balancedAllergenMarks, nutritionFacts } from '#src/shared/food-info.ts';

export const FEED_VERSION = 1;

const text = z.string().trim().min(1);
const optionalText = z.string().trim().nullable().optional();
const isoDate = z.iso.date();
const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'orario HH:MM non valido');
/** Euro with at most 2 decimals. */
const euro = z
  .number()
  .nonnegative()
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'al massimo 2 decimali');
const positiveEuro = euro.refine((n) => n > 0, 'deve essere maggiore di zero');

const deliveryModes = ['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED'] as const;
const paymentModes = ['CASH', 'BANCOMAT', 'XPAY'] as const;

/** GS1 check digit of the first 12 digits of an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}
export const isValidEan13 = (code: string): boolean =>
  /^[0-9]{13}$/.test(code) && ean13CheckDigit(code) === Number(code[12]);

const barcode = z.string().refine(isValidEan13, 'codice EAN-13 non valido (13 cifre con cifra di controllo)');

export const stateRow = z.object({
  id: z.string().regex(/^[A-Z_]{2,30}$/, 'id regione non valido'),
  description: text,
});

const opening = z
  .object({ day: isoDate, opens: clock.nullable(), closes: clock.nullable(), note: optionalText })
  .refine((o) => (o.opens === null) === (o.closes === null), 'opens e closes: entrambi orari o entrambi null');

export const storeRow = z.object({
  id: z.number().int().positive().max(99_999_999),
  name: text,
  description: text,
  address: text,
  town: text,
  county: z.string().regex(/^[A-Z]{2}$/, 'sigla provincia di 2 lettere'),
  zip: z.string().regex(/^[0-9]{5}$/, 'CAP di 5 cifre'),
  stateId: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  phone: optionalText,
  email: z.email().nullable().optional(),
  webUrl: optionalText,
  logoImageUrl: optionalText,
  deliveryFee: euro.default(3.5),
  bagFee: euro.default(0),
  minNetTotal: euro.default(25),
  superstore: z.boolean().default(false),
  deliveryModes: z
    .array(z.object({ mode: z.enum(deliveryModes), paymentModes: z.array(z.enum(paymentModes)).min(1) }))
    .min(1)
    .refine((ms) => new Set(ms.map((m) => m.mode)).size === ms.length, 'modalità di consegna ripetuta'),
  timetables: z
    .array(
      z
        .object({ weekDay: z.number().int().min(1).max(7), opens: clock, closes: clock })
        .refine((t) => t.closes > t.opens, "chiusura prima dell'apertura"),
    )
    .default([]),
  openings: z.array(opening).default([]),
  services: z.array(text).default([]),
  departments: z
    .array(z.object({ name: text, phone: optionalText, email: optionalText, hours: optionalText }))
    .default([]),
  slotTemplates: z
    .array(
      z
        .object({
          mode: z.enum(deliveryModes),
          weekDay: z.number().int().min(2).max(7),
          startsAt: clock,
          endsAt: clock,
          capacity: z.number().int().min(0),
          cutoffMinutes: z.number().int().min(0).default(120),
        })
        .refine((s) => s.endsAt > s.startsAt, 'la fascia finisce prima di iniziare'),
    )
    .default([]),
});

export const deliveryTownRow = z.object({ town: text, storeId: z.number().int().positive() });

export const categoryRow = z
  .object({
    id: z.string().regex(/^([0-9]{2}){1,3}$/, 'id categoria di 2, 4 o 6 cifre'),
    parentId: z.string().nullable(),
    description: text,
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug: minuscole, cifre e trattini'),
    position: z.number().int().default(0),
  })
  .refine((c) => (c.id.length === 2 ? c.parentId === null : c.parentId === c.id.slice(0, -2)), {
    message: "parentId deve essere l'id senza le ultime 2 cifre (null al primo livello)",
    path: ['parentId'],
  });

export const tagRow = z.object({ id: z.number().int().positive(), description: text, imageUrl: optionalText });

export const productRow = z
  .object({
    barcode,
    ref: text,
    description: text,
    brand: optionalText,
    branded: z.boolean().default(false),
    um: z.enum(['PZ', 'KG']),
    purchaseUm: text,
    umStep: z.number().positive().max(1000),
    minWeight: z.number().positive().nullable().optional(),
    maxAmount: z.number().positive().max(1000).nullable().optional(),
    attrib3: optionalText,
    /** Content of one sale unit for the unit price: 0.5 with 'kg', 1.5 with 'l', 6 with 'uovo'… */
    unitQuantity: z.number().positive().max(100_000).nullable().optional(),
    unitLabel: z.string().trim().min(1).max(12).nullable().optional(),
    categoryId: z.string().regex(/^[0-9]{6}$/, 'categoria di terzo livello (6 cifre)'),
    origin: optionalText,
    caliber: optionalText,
    /** Allergens marked with underscores: 'Semola di _grano duro_, acqua.' (rendered bold, never as HTML). */
    ingredients: optionalText.refine(
      (t) => !t || balancedAllergenMarks(t),
      'allergene evidenziato con _ senza il _ di chiusura',
    ),
    allergyAdvice: optionalText,
    allergyOther: optionalText,
    nutrition: optionalText,
    storage: optionalText,
    recycling: optionalText,
    /** Mandatory food information (Reg. 1169/2011 art. 9): a food lacking some is imported and listed in the report. */
    food: z.boolean().default(true),
    netQuantity: optionalText,
    operatorName: optionalText,
    operatorAddress: optionalText,
    /** Fresh meat, fruit and vegetables, fish, honey, olive oil…: the country of origin is mandatory. */
    originRequired: z.boolean().default(false),
    nutritionFacts: nutritionFacts.nullable().optional(),
    variantGroup: optionalText,
    waterPack: z.boolean().default(false),
    images: z.array(text).default([]),
    tagIds: z.array(z.number().int().positive()).default([]),
  })
  .refine((p) => p.um === 'KG' || Number.isInteger(p.umStep), {
    message: 'umStep intero per i prodotti a pezzi',
    path: ['umStep'],
  });

export const priceRow = z.object({
  storeId: z.number().int().positive(),
  barcode,
  price: positiveEuro,
  available: z.boolean().default(true),
});

export const promotionRow = z
  .object({
    storeId: z.number().int().positive(),
    barcode,
    description: text,
    valueType: z.enum(['NEW_PRICE', 'PERCENTAGE', 'UNKNOWN']),
    value: positiveEuro,
    validFrom: isoDate,
    validTo: isoDate,
  })
  .refine((p) => p.validTo >= p.validFrom, { message: 'validTo precede validFrom', path: ['validTo'] })
  .refine((p) => p.valueType !== 'PERCENTAGE' || p.value < 100, { message: 'percentuale oltre 100', path: ['value'] });

/**
 * A past price the ERP applied to shoppers in a store from validFrom to
 * validTo (inclusive), promotions included: the history the lowest price of
 * the 30 days before a reduction is read from (Codice del consumo art. 17-bis).
 */
export const priceHistoryRow = z
  .object({ storeId: z.number().int().positive(), barcode, price: positiveEuro, validFrom: isoDate, validTo: isoDate })
  .refine((p) => p.validTo >= p.validFrom, { message: 'validTo precede validFrom', path: ['validTo'] });

export const bannerRow = z.object({
  id: z.number().int().positive(),
  title: text,
  imageUrl: text,
  imageApp: text,
  position: z.number().int().default(0),
  validFrom: isoDate.nullable().optional(),
  validTo: isoDate.nullable().optional(),
  barcodes: z.array(barcode).default([]),
});

export const catalogueFeed = z.object({
  version: z.literal(FEED_VERSION),
  states: z.array(stateRow),
  stores: z.array(storeRow),
  deliveryTowns: z.array(deliveryTownRow),
  categories: z.array(categoryRow),
  tags: z.array(tagRow),
  products: z.array(productRow),
  prices: z.array(priceRow),
  promotions: z.array(promotionRow),
  banners: z.array(bannerRow),
  /** Optional: a feed without it keeps the history the shop recorded itself. */
  priceHistory: z.array(priceHistoryRow).default([]),
});
export type CatalogueFeed = z.infer<typeof catalogueFeed>;

export const feedSections = [
  'states',
  'stores',
  'deliveryTowns',
  'categories',
  'tags',
  'products',
  'prices',
  'promotions',
  'banners',
  'priceHistory',
] as const;
export type FeedSection = (typeof feedSections)[number];

/** The top level alone: every section an array, rows still unjudged. */
const rows = z.array(z.unknown());
export const feedEnvelope = z.object({
  version: z.literal(FEED_VERSION, { error: `versione del formato: deve essere ${FEED_VERSION}` }),
  states: rows,
  stores: rows,
  deliveryTowns: rows,
  categories: rows,
  tags: rows,
  products: rows,
  prices: rows,
  promotions: rows,
  banners: rows,
  priceHistory: rows.default([]),
});

/** Euro → integer cents, half away from zero (1.005 € is 101 cents). */
export const euroToCents = (euro: number): number => Math.sign(euro) * Math.round(Math.abs(euro) * 100 + 1e-6);

// A delta (docs/catalogue-feed.md, "Deltas"): prices, availability and promotions of some
// products and stores, sent by the ERP over HTTP during the day. What it does not name
// stays as it is.
const DELTA_KIND = 'delta';

/** A delta's price: without `available`, a product already sold in the store keeps its availability. */
export const deltaPriceRow = priceRow.extend({ available: z.boolean().optional() });
/** A product sold in a store becomes unavailable there, or available again; its price stays. */
export const availabilityRow = z.object({ storeId: z.number().int().positive(), barcode, available: z.boolean() });
/** The promotions of a product in a store end today (planned ones are dropped). */
export const promotionEndRow = z.object({ storeId: z.number().int().positive(), barcode });

export const deltaSections = ['prices', 'availability', 'promotions', 'promotionsEnded'] as const;
export type DeltaSection = (typeof deltaSections)[number];

export const deltaEnvelope = z.object({
  version: z.literal(FEED_VERSION, { error: `versione del formato: deve essere ${FEED_VERSION}` }),
  kind: z.literal(DELTA_KIND),
  prices: rows.default([]),
  availability: rows.default([]),
  promotions: rows.default([]),
  promotionsEnded: rows.default([]),
});
export interface CatalogueDelta {
  prices: z.infer<typeof deltaPriceRow>[];
  availability: z.infer<typeof availabilityRow>[];
  promotions: z.infer<typeof promotionRow>[];
  promotionsEnded: z.infer<typeof promotionEndRow>[];
}
