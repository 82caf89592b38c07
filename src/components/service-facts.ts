// Facts of the service that the static pages state (docs/product.md §1, §9), in one
// place so FAQ and terms never disagree. Stores, towns and fees come from the
// stores' data the site is built from (GET /cli/stores/facts), so they are
// right after an import; the limits come from the contract's rules.
import { WATER_PACK_FEE_CENTS } from '#src/shared/contract/constants.ts';
import { fetchApi } from '#src/lib/build-api.ts';
import { MAX_PIECES_PER_ARTICLE } from '#src/shared/quantity-rules.ts';
import { formatEuro, toEuro } from '#src/shared/contract/money.ts';
import { storeCalls } from '#src/shared/contract/endpoints.ts';
import type { ServiceFacts } from '#src/shared/contract/stores.ts';

export const HELPDESK_PHONE = '080 000 0000';
export const HELPDESK_HOURS = 'dal lunedì al sabato, dalle 8:30 alle 20:00, festivi esclusi';

/** 'Bari, Barletta, … e Trani' */
const townsText = (towns: readonly string[]): string =>
  towns.length > 1 ? `${towns.slice(0, -1).join(', ')} e ${towns[towns.length - 1]}` : (towns[0] ?? '');

/** The facts as the pages write them. */
export function factsText(facts: ServiceFacts) {
  return {
    pickupStores: facts.pickupStores,
    towns: townsText(facts.deliveryTowns),
    minOrder: formatEuro(facts.minNetTotal),
    maxDeliveryFee: formatEuro(facts.maxDeliveryFee),
    bagFee: formatEuro(facts.bagFee),
    extraWaterPackFee: formatEuro(toEuro(WATER_PACK_FEE_CENTS)),
    maxPiecesPerArticle: MAX_PIECES_PER_ARTICLE,
  };
}

/** The facts of the catalogue being built (read once per build). */
let facts: Promise<ReturnType<typeof factsText>> | undefined;
export const loadServiceFacts = () => {
  facts ??= fetchApi(storeCalls.facts).then(factsText);
  return facts;
};
