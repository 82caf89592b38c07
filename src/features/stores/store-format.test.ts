import { describe, expect, it } from 'vitest';
import type { Store } from '#src/shared/contract/stores.ts';
import { formatDistance } from '#src/shared/store-finder.ts';
import { openingLine, telHref, weekHours } from './store-format.ts';
import { groceryStoreLd, ldJson } from './structured-data.ts';

const store: Store = {
  id: 1103,
  name: 'Bitonto',
  address: {
    address: 'Via Giovanni XXIII 58',
    latitude: 41.1071,
    longitude: 16.6953,
    town: 'Bitonto',
    zip: '70032',
    county: 'BA',
    state: 'Puglia',
  },
  phone: '080 3711103',
  email: 'bitonto@spesaonline.example',
  webUrl: null,
  logoImageUrl: '/media/stores/1103.svg',
  distance: null,
  timetables: [
    { weekDay: 2, opens: '16:30', closes: '20:30' },
    { weekDay: 2, opens: '08:30', closes: '13:30' },
    { weekDay: 7, opens: '08:30', closes: '13:30' },
  ],
  openings: [{ day: '2026-12-25', opens: null, closes: null, note: 'Natale: chiuso' }],
  services: [],
  departments: [],
  deliveryModes: ['IN_STORE'],
};

describe('store formatting', () => {
  it('reads the week from Monday to Sunday in Italian, with Chiuso for days without hours', () => {
    expect(weekHours(store.timetables)).toEqual([
      { day: 'Lunedì', hours: '08:30–13:30, 16:30–20:30' },
      { day: 'Martedì', hours: 'Chiuso' },
      { day: 'Mercoledì', hours: 'Chiuso' },
      { day: 'Giovedì', hours: 'Chiuso' },
      { day: 'Venerdì', hours: 'Chiuso' },
      { day: 'Sabato', hours: '08:30–13:30' },
      { day: 'Domenica', hours: 'Chiuso' },
    ]);
  });

  it('dates an exception in Italian', () => {
    expect(openingLine(store.openings[0]!)).toEqual({
      date: 'venerdì 25 dicembre',
      hours: 'Chiuso',
      note: 'Natale: chiuso',
    });
  });

  it('writes distances with a decimal comma and phone links without spaces', () => {
    expect(formatDistance(2.3)).toBe('2,3 km');
    expect(formatDistance(12)).toBe('12,0 km');
    expect(formatDistance(null)).toBeNull();
    expect(telHref('080 3711103')).toBe('tel:0803711103');
  });
});

describe('GroceryStore structured data', () => {
  it('names the store, its postal address, position, phone and opening hours', () => {
    const ld = groceryStoreLd(
      store,
      'https://shop.example/app/stores/1103/',
      'https://shop.example/media/stores/1103.svg',
    );
    expect(ld).toMatchObject({
      '@type': 'GroceryStore',
      name: 'Bitonto',
      telephone: '080 3711103',
      address: { '@type': 'PostalAddress', postalCode: '70032', addressLocality: 'Bitonto', addressCountry: 'IT' },
      geo: { latitude: 41.1071, longitude: 16.6953 },
    });
    expect(ld['openingHoursSpecification']).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '08:30',
      closes: '13:30',
    });
    expect(ld['specialOpeningHoursSpecification']).toContainEqual(
      expect.objectContaining({ validFrom: '2026-12-25', opens: '00:00', closes: '00:00' }),
    );
    expect(ldJson({ name: '</script>' })).toBe('{"name":"\\u003c/script>"}');
  });
});
