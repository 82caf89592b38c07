// Every day, slot, cut-off and expiry is computed in Europe/Rome (DESIGN.md §3).
export const SHOP_TIME_ZONE = 'Europe/Rome';

const romeDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Rome as YYYY-MM-DD. */
export const romeToday = (now: Date = new Date()): string => romeDate.format(now);

const dayMonth = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
/** '2026-12-31' → '31/12' (promotion valid-until, spec §9). */
export const formatDayMonth = (isoDate: string): string => dayMonth.format(new Date(`${isoDate}T00:00:00Z`));
