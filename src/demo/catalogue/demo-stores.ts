// The demo cooperative's 11 stores (docs/architecture.md §4): real towns of Puglia and
// Basilicata at their real coordinates, 1109 the superstore in Bari.
import type { CatalogueFeed } from '#src/server/catalogue/feed.ts';

type StoreInput = CatalogueFeed['stores'][number];
type Mode = StoreInput['deliveryModes'][number]['mode'];

interface StoreSeed {
  id: number;
  name: string;
  address: string;
  town: string;
  county: string;
  zip: string;
  stateId: 'PUGLIA' | 'BASILICATA';
  lat: number;
  lon: number;
  phone: string;
  modes: readonly Mode[];
  deliveryFee?: number;
  sunday?: boolean;
  lunchBreak?: boolean;
}

const seeds: readonly StoreSeed[] = [
  {
    id: 1109,
    name: 'Superstore Bari Japigia',
    address: 'Viale Japigia 184',
    town: 'Bari',
    county: 'BA',
    zip: '70126',
    stateId: 'PUGLIA',
    lat: 41.1036,
    lon: 16.8958,
    phone: '080 5531109',
    modes: ['IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED'],
    deliveryFee: 3.5,
    sunday: true,
  },
  {
    id: 1101,
    name: 'Bari Poggiofranco',
    address: 'Via Giovanni Amendola 172',
    town: 'Bari',
    county: 'BA',
    zip: '70126',
    stateId: 'PUGLIA',
    lat: 41.1043,
    lon: 16.8788,
    phone: '080 5541101',
    modes: ['IN_STORE', 'DRIVE', 'AT_HOME'],
    deliveryFee: 2.9,
    sunday: true,
  },
  {
    id: 1102,
    name: 'Barletta Centro',
    address: 'Via Andria 45',
    town: 'Barletta',
    county: 'BT',
    zip: '76121',
    stateId: 'PUGLIA',
    lat: 41.3148,
    lon: 16.2752,
    phone: '0883 331102',
    modes: ['IN_STORE', 'DRIVE', 'AT_HOME'],
    deliveryFee: 3.5,
  },
  {
    id: 1103,
    name: 'Bitonto',
    address: 'Via Giovanni XXIII 58',
    town: 'Bitonto',
    county: 'BA',
    zip: '70032',
    stateId: 'PUGLIA',
    lat: 41.1071,
    lon: 16.6953,
    phone: '080 3711103',
    modes: ['IN_STORE', 'AT_HOME'],
    deliveryFee: 2.5,
    lunchBreak: true,
  },
  {
    id: 1104,
    name: 'Bisceglie',
    address: 'Via Giovanni Bovio 211',
    town: 'Bisceglie',
    county: 'BT',
    zip: '76011',
    stateId: 'PUGLIA',
    lat: 41.2417,
    lon: 16.4989,
    phone: '080 3951104',
    modes: ['IN_STORE', 'AT_HOME'],
    deliveryFee: 0,
  },
  {
    id: 1105,
    name: 'Trani',
    address: 'Via Superga 12',
    town: 'Trani',
    county: 'BT',
    zip: '76125',
    stateId: 'PUGLIA',
    lat: 41.2708,
    lon: 16.4102,
    phone: '0883 581105',
    modes: ['IN_STORE', 'AT_HOME'],
    deliveryFee: 3,
    lunchBreak: true,
  },
  {
    id: 1106,
    name: 'Giovinazzo',
    address: 'Via Bitonto 30',
    town: 'Giovinazzo',
    county: 'BA',
    zip: '70054',
    stateId: 'PUGLIA',
    lat: 41.1858,
    lon: 16.6676,
    phone: '080 3941106',
    modes: ['IN_STORE', 'AT_HOME'],
    deliveryFee: 2,
    lunchBreak: true,
  },
  {
    id: 1107,
    name: 'Taranto Tre Carrare',
    address: 'Via Dante Alighieri 120',
    town: 'Taranto',
    county: 'TA',
    zip: '74121',
    stateId: 'PUGLIA',
    lat: 40.4623,
    lon: 17.2551,
    phone: '099 4591107',
    modes: ['IN_STORE', 'DRIVE', 'AT_HOME'],
    deliveryFee: 3.5,
    sunday: true,
  },
  {
    id: 1108,
    name: 'Altamura',
    address: 'Via Bari 95',
    town: 'Altamura',
    county: 'BA',
    zip: '70022',
    stateId: 'PUGLIA',
    lat: 40.8286,
    lon: 16.5606,
    phone: '080 3141108',
    modes: ['IN_STORE', 'DRIVE'],
    lunchBreak: true,
  },
  {
    id: 1110,
    name: 'Matera',
    address: 'Via Nazionale 46',
    town: 'Matera',
    county: 'MT',
    zip: '75100',
    stateId: 'BASILICATA',
    lat: 40.6713,
    lon: 16.5889,
    phone: '0835 381110',
    modes: ['IN_STORE', 'DRIVE'],
  },
  {
    id: 1111,
    name: 'Potenza',
    address: 'Viale del Basento 100',
    town: 'Potenza',
    county: 'PZ',
    zip: '85100',
    stateId: 'BASILICATA',
    lat: 40.6388,
    lon: 15.8236,
    phone: '0971 441111',
    modes: ['IN_STORE'],
    lunchBreak: true,
  },
];

export const demoStates = [
  { id: 'PUGLIA', description: 'Puglia' },
  { id: 'BASILICATA', description: 'Basilicata' },
];

/** The delivery towns of docs/product.md §9, each served by its own store or the nearest one. */
export const demoDeliveryTowns = [
  { town: 'Bari', storeId: 1109 },
  { town: 'Barletta', storeId: 1102 },
  { town: 'Bitonto', storeId: 1103 },
  { town: 'Bisceglie', storeId: 1104 },
  { town: 'Giovinazzo', storeId: 1106 },
  { town: 'Palo del Colle', storeId: 1103 },
  { town: 'Taranto', storeId: 1107 },
  { town: 'Trani', storeId: 1105 },
];

const payments: Record<Mode, ('CASH' | 'BANCOMAT' | 'XPAY')[]> = {
  IN_STORE: ['CASH', 'BANCOMAT', 'XPAY'],
  DRIVE: ['BANCOMAT', 'XPAY'],
  AT_HOME: ['CASH', 'BANCOMAT', 'XPAY'],
  SHIPPED: ['XPAY'],
};

const slotHours: Record<Mode, readonly (readonly [string, string])[]> = {
  IN_STORE: [
    ['09:00', '11:00'],
    ['11:00', '13:00'],
    ['16:00', '18:00'],
    ['18:00', '20:00'],
  ],
  DRIVE: [
    ['10:00', '12:00'],
    ['17:00', '19:00'],
    ['19:00', '20:30'],
  ],
  AT_HOME: [
    ['09:00', '11:00'],
    ['11:00', '13:00'],
    ['16:00', '18:00'],
    ['18:00', '20:00'],
  ],
  SHIPPED: [['09:00', '18:00']],
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');

function timetables(seed: StoreSeed): StoreInput['timetables'] {
  const rows: StoreInput['timetables'] = [];
  for (let weekDay = 2; weekDay <= 7; weekDay++) {
    if (seed.lunchBreak)
      rows.push({ weekDay, opens: '08:30', closes: '13:30' }, { weekDay, opens: '16:30', closes: '20:30' });
    else rows.push({ weekDay, opens: '08:00', closes: '21:00' });
  }
  if (seed.sunday) rows.push({ weekDay: 1, opens: '09:00', closes: '13:30' });
  return rows;
}

/** Closures and special hours around the coming holidays of today's year. */
function openings(year: number, seed: StoreSeed): StoreInput['openings'] {
  const rows: StoreInput['openings'] = [
    { day: `${year}-12-24`, opens: '08:00', closes: '18:00', note: 'Vigilia di Natale: orario ridotto' },
    { day: `${year}-12-25`, opens: null, closes: null, note: 'Natale: chiuso' },
    { day: `${year}-12-26`, opens: null, closes: null, note: 'Santo Stefano: chiuso' },
    { day: `${year + 1}-01-01`, opens: null, closes: null, note: 'Capodanno: chiuso' },
  ];
  if (seed.town === 'Bari')
    rows.push({ day: `${year}-12-06`, opens: '09:00', closes: '13:00', note: 'San Nicola: apertura mattutina' });
  return rows;
}

function slotTemplates(seed: StoreSeed): StoreInput['slotTemplates'] {
  const rows: StoreInput['slotTemplates'] = [];
  for (const mode of seed.modes) {
    for (let weekDay = 2; weekDay <= 7; weekDay++) {
      slotHours[mode].forEach(([startsAt, endsAt], i) => {
        if (weekDay === 7 && startsAt >= '18:00') return; // Saturday evenings off
        const capacity = mode === 'SHIPPED' ? 30 : 5 + ((seed.id + weekDay * 3 + i * 5) % 11);
        rows.push({ mode, weekDay, startsAt, endsAt, capacity, cutoffMinutes: mode === 'SHIPPED' ? 1440 : 120 });
      });
    }
  }
  return rows;
}

const allServices = [
  'Parcheggio',
  'Bancomat',
  'Gastronomia',
  'Macelleria',
  'Pescheria',
  'Panetteria',
  'Carta fedeltà',
  'Ricarica auto elettriche',
  'Wi-Fi gratuito',
  'Punto ritiro Drive',
];

export function demoStores(today: string): StoreInput[] {
  const year = Number(today.slice(0, 4));
  return seeds.map((seed) => {
    const mail = slug(seed.name);
    const hours = seed.lunchBreak ? 'Lun–Sab 8:30–13:30, 16:30–20:00' : 'Lun–Sab 8:00–20:30';
    const phoneBase = seed.phone.slice(0, -1);
    return {
      id: seed.id,
      name: seed.name,
      description: `Spesa online ${seed.name}`,
      address: seed.address,
      town: seed.town,
      county: seed.county,
      zip: seed.zip,
      stateId: seed.stateId,
      latitude: seed.lat,
      longitude: seed.lon,
      phone: seed.phone,
      email: `${mail}@spesaonline.example`,
      webUrl: `https://www.spesaonline.example/negozi/${seed.id}`,
      logoImageUrl: `/media/stores/${seed.id}.svg`,
      deliveryFee: seed.deliveryFee ?? 3.5,
      bagFee: 0.02,
      minNetTotal: 25,
      superstore: seed.id === 1109,
      deliveryModes: seed.modes.map((mode) => ({ mode, paymentModes: payments[mode] })),
      timetables: timetables(seed),
      openings: openings(year, seed),
      services: allServices.filter((s, i) =>
        s === 'Punto ritiro Drive' ? seed.modes.includes('DRIVE') : i < 2 || (seed.id + i) % 3 !== 0,
      ),
      departments: [
        { name: 'Macelleria', phone: `${phoneBase}2`, email: `macelleria.${mail}@spesaonline.example`, hours },
        {
          name: 'Pescheria',
          phone: `${phoneBase}3`,
          email: `pescheria.${mail}@spesaonline.example`,
          hours: 'Mar–Sab 8:00–13:30',
        },
        { name: 'Gastronomia', phone: `${phoneBase}4`, email: `gastronomia.${mail}@spesaonline.example`, hours },
      ],
      slotTemplates: slotTemplates(seed),
    };
  });
}
