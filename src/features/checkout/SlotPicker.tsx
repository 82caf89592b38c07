// The day and time-slot picker (docs/product.md §2 /checkout, availability overlay): a
// strip of 10 days from today and the slots of the chosen day. Native radio
// buttons, so arrows move between days and slots and disabled ones (no slot
// left, past the cut-off, Sundays and holidays) are skipped and greyed.
import { useEffect, useState } from 'react';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { dayParts, formatSlotTime } from '#src/lib/dates.ts';
import type { Slot } from '#src/shared/contract/checkout.ts';
import { NO_SLOTS } from './checkout-rules.ts';
import { loadDays, loadSlots, type ChosenSlot } from './checkout.store.ts';

type Day = Awaited<ReturnType<typeof loadDays>>[number];

interface Props {
  cartId: number;
  value: ChosenSlot | null;
  onChange: (slot: ChosenSlot | null) => void;
  /** Distinguishes the page's picker from the overlay's when both are on a page. */
  idPrefix: string;
}

export function SlotPicker({ cartId, value, onChange, idPrefix }: Props) {
  const [days, setDays] = useState<Day[] | null>(null);
  const [day, setDay] = useState<string | null>(value?.day ?? null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cart: the chosen day and the callback are read, not reasons to reload the days
  useEffect(() => {
    loadDays(cartId)
      .then((list) => {
        setDays(list);
        if (day && !list.some((d) => d.day === day && d.available)) {
          setDay(null);
          onChange(null);
        }
      })
      .catch((e: unknown) => setError(errorMessageOf(e)));
  }, [cartId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: per day: the chosen slot and the callback are read, not reasons to reload the slots
  useEffect(() => {
    if (!day) return setSlots(null);
    let current = true;
    setSlots(null);
    loadSlots(cartId, day)
      .then((list) => {
        if (!current) return;
        setSlots(list);
        if (value && !list.some((s) => s.id === value.id && s.available)) onChange(null);
      })
      .catch((e: unknown) => current && setError(errorMessageOf(e)));
    return () => {
      current = false;
    };
    // Reload only when the day changes.
  }, [cartId, day]);

  if (error)
    return (
      <p className="checkout-error" role="alert">
        {error}
      </p>
    );
  // While the days load, the strip's heading and its room are there already: what follows does not move.
  if (!days)
    return (
      <div className="slot-picker">
        <fieldset className="day-strip" aria-busy="true">
          <legend>Scegli il giorno</legend>
          <div className="day-strip__days day-strip__days--loading">
            <p role="status">Caricamento delle disponibilità…</p>
          </div>
        </fieldset>
      </div>
    );
  if (!days.some((d) => d.available))
    return (
      <p className="checkout-no-slots" role="alert">
        {NO_SLOTS}
      </p>
    );

  function pickDay(next: string) {
    setDay(next);
    if (value?.day !== next) onChange(null);
  }

  return (
    <div className="slot-picker">
      <fieldset className="day-strip">
        <legend>Scegli il giorno</legend>
        <div className="day-strip__days">
          {days.map((d) => {
            const parts = dayParts(d.day);
            const id = `${idPrefix}-day-${d.day}`;
            return (
              <div key={d.day} className="day-strip__day">
                <input
                  type="radio"
                  id={id}
                  name={`${idPrefix}-day`}
                  value={d.day}
                  checked={day === d.day}
                  disabled={!d.available}
                  onChange={() => pickDay(d.day)}
                />
                <label htmlFor={id}>
                  <span className="visually-hidden">
                    {parts.weekday} {parts.date}
                    {d.available ? '' : ', non disponibile'}
                  </span>
                  <span aria-hidden="true" className="day-strip__weekday">
                    {parts.short}
                  </span>
                  <span aria-hidden="true" className="day-strip__date">
                    {parts.shortDate}
                  </span>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      {day && (
        <fieldset className="slot-list" aria-busy={slots === null}>
          <legend>
            Scegli la fascia oraria di {dayParts(day).weekday} {dayParts(day).date}
          </legend>
          {slots === null && <p role="status">Caricamento delle fasce orarie…</p>}
          {slots?.length === 0 && <p>Nessuna fascia oraria per questo giorno.</p>}
          <div className="slot-list__slots">
            {slots?.map((s) => {
              const id = `${idPrefix}-slot-${s.id}`;
              return (
                <div key={s.id} className="slot-list__slot">
                  <input
                    type="radio"
                    id={id}
                    name={`${idPrefix}-slot`}
                    value={s.id}
                    checked={value?.id === s.id}
                    disabled={!s.available}
                    onChange={() => onChange({ id: s.id, day, validFrom: s.validFrom, validTo: s.validTo })}
                  />
                  <label htmlFor={id}>
                    {formatSlotTime(s.validFrom, s.validTo)}
                    {!s.available && <span className="slot-list__full"> esaurita</span>}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
