// schema.org GroceryStore for a store page, so search engines show the
// address, position, phone and opening hours.
import type { Store } from '#src/shared/contract/stores.ts';
import { WEEK } from './store-format.ts';

export function groceryStoreLd(store: Store, pageUrl: string, logoUrl: string | null): Record<string, unknown> {
  const dayName = (weekDay: number) => `https://schema.org/${WEEK.find((d) => d.weekDay === weekDay)!.schemaDay}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    '@id': pageUrl,
    name: store.name,
    url: pageUrl,
    ...(logoUrl ? { image: logoUrl, logo: logoUrl } : {}),
    ...(store.phone ? { telephone: store.phone } : {}),
    ...(store.email ? { email: store.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address.address,
      addressLocality: store.address.town,
      postalCode: store.address.zip,
      addressRegion: store.address.county,
      addressCountry: 'IT',
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.address.latitude, longitude: store.address.longitude },
    openingHoursSpecification: store.timetables.map((t) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: dayName(t.weekDay),
      opens: t.opens,
      closes: t.closes,
    })),
    // schema.org writes a closed day as opens = closes = 00:00.
    specialOpeningHoursSpecification: store.openings.map((o) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: o.day,
      validThrough: o.day,
      opens: o.opens ?? '00:00',
      closes: o.closes ?? '00:00',
      ...(o.note ? { description: o.note } : {}),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the script. */
export const ldJson = (data: unknown): string => JSON.stringify(data).replace(/</g, '\\u003c');
