// How a store's data reads in Italian: the week from Monday with 'Chiuso' for
// days without hours, exceptions with their date.
import type { Opening, Store, Timetable } from '#src/shared/contract/stores.ts';
import { formatDay } from '#src/lib/dates.ts';

/** weekDay of docs/product.md §3 (1 = Sunday … 7 = Saturday) in the Italian week order, Monday first. */
export const WEEK: readonly { weekDay: number; label: string; schemaDay: string }[] = [
  { weekDay: 2, label: 'Lunedì', schemaDay: 'Monday' },
  { weekDay: 3, label: 'Martedì', schemaDay: 'Tuesday' },
  { weekDay: 4, label: 'Mercoledì', schemaDay: 'Wednesday' },
  { weekDay: 5, label: 'Giovedì', schemaDay: 'Thursday' },
  { weekDay: 6, label: 'Venerdì', schemaDay: 'Friday' },
  { weekDay: 7, label: 'Sabato', schemaDay: 'Saturday' },
  { weekDay: 1, label: 'Domenica', schemaDay: 'Sunday' },
];

const CLOSED = 'Chiuso';

const span = (opens: string, closes: string) => `${opens}–${closes}`;

/** One row per weekday, Monday to Sunday: '08:30–13:30, 16:30–20:30' or 'Chiuso'. */
export function weekHours(timetables: readonly Timetable[]): { day: string; hours: string }[] {
  return WEEK.map(({ weekDay, label }) => {
    const spans = timetables
      .filter((t) => t.weekDay === weekDay)
      .sort((a, b) => (a.opens < b.opens ? -1 : a.opens > b.opens ? 1 : 0))
      .map((t) => span(t.opens, t.closes));
    return { day: label, hours: spans.length > 0 ? spans.join(', ') : CLOSED };
  });
}

/** An exception day: 'mercoledì 24 dicembre', '08:00–18:00' or 'Chiuso', and its note. */
export function openingLine(o: Opening): { date: string; hours: string; note: string | null } {
  return {
    date: formatDay(o.day),
    hours: o.opens && o.closes ? span(o.opens, o.closes) : CLOSED,
    note: o.note,
  };
}

/** 'Viale Japigia 184, 70126 Bari (BA)' */
export const fullAddress = (s: Store): string =>
  `${s.address.address}, ${s.address.zip} ${s.address.town} (${s.address.county})`;

/** tel: link target without spaces. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^0-9+]/g, '')}`;
