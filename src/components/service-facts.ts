// Facts of the service that the static pages state (spec §1, §9), in one
// place so FAQ and terms never disagree.
const DELIVERY_TOWNS = [
  'Bari',
  'Barletta',
  'Bitonto',
  'Bisceglie',
  'Giovinazzo',
  'Palo del Colle',
  'Taranto',
  'Trani',
] as const;
export const PICKUP_STORES = 11;
export const HELPDESK_PHONE = '080 000 0000';
export const HELPDESK_HOURS = 'dal lunedì al sabato, dalle 8:30 alle 20:00, festivi esclusi';
export const MIN_ORDER = '25,00 €';
export const MAX_DELIVERY_FEE = '3,50 €';
export const BAG_FEE = '0,02 €';
export const EXTRA_WATER_PACK_FEE = '0,50 €';
export const MAX_PIECES_PER_ARTICLE = 30;

/** 'Bari, Barletta, … e Trani' */
export const townsText = (): string =>
  `${DELIVERY_TOWNS.slice(0, -1).join(', ')} e ${DELIVERY_TOWNS[DELIVERY_TOWNS.length - 1]}`;
