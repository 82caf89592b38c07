// Choosing how and where to shop (spec §2 /cart/create and /cart/update):
// optional state, delivery mode, then a store (IN_STORE, DRIVE; searched, or by
// distance) or a shipping address (AT_HOME, SHIPPED) with a link to the addresses
// page. The current or last cart's choice comes preselected: one tap confirms it,
// with the button and what it confirms kept in view.
import { routes } from '#src/shared/routes.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, errorMessageOf } from '#src/lib/api-client.ts';
import { checkoutCalls, profileCalls, storeCalls } from '#src/shared/contract/calls.generated.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { flags } from '#src/lib/flags.ts';
import type { ShippingAddress } from '#src/shared/contract/addresses.ts';
import type { DeliveryMode } from '#src/shared/contract/cart.ts';
import type { State, Store } from '#src/shared/contract/stores.ts';
import { DELIVERY_MODE_LABELS, isDelivered as needsAddress } from '#src/shared/delivery-modes.ts';
import type { OpenCartInput } from '#src/shop/cart.store.ts';
import type { Position } from '#src/lib/use-geolocation.ts';
import { StoreChooser } from './StoreChooser.tsx';

const modeHints: Record<DeliveryMode, string> = {
  IN_STORE: 'Ritiri la spesa pronta alla cassa del punto vendita. Gratis.',
  DRIVE: "Ritiri la spesa in auto all'area drive. Gratis.",
  AT_HOME: 'Ti portiamo la spesa a casa nelle città servite.',
  SHIPPED: 'Spediamo la spesa al tuo indirizzo. Si paga con carta online.',
};
const addressesHref = `${routes.home.replace(/\/$/, '')}/profile/addresses`;

/** What the button confirms: the mode, and the store or address when one is chosen. */
function choiceLine(
  mode: DeliveryMode,
  stores: Store[] | null,
  storeId: number | null,
  addresses: ShippingAddress[] | null,
  addressId: number | null,
): string {
  const place = needsAddress(mode) ? addresses?.find((a) => a.id === addressId) : stores?.find((s) => s.id === storeId);
  if (!place) return DELIVERY_MODE_LABELS[mode];
  return `${DELIVERY_MODE_LABELS[mode]} · ${'name' in place ? place.name : `${place.address} ${place.streetNumber}, ${place.city}`}`;
}

interface DeliveryFormProps {
  initial?: { deliveryMode: DeliveryMode; storeId?: number; addressId?: number | null };
  submitLabel: string;
  onSubmit: (input: OpenCartInput) => Promise<void>;
}

export function DeliveryForm({ initial, submitLabel, onSubmit }: DeliveryFormProps) {
  const id = useId();
  const [state, setState] = useState('');
  const [states, setStates] = useState<State[]>([]);
  const [mode, setMode] = useState<DeliveryMode | null>(initial?.deliveryMode ?? null);
  // The modes the server offers now: a mode nobody can pay for (shipping while card payments are off) is left out.
  const [modes, setModes] = useState<DeliveryMode[] | null>(null);
  const [stores, setStores] = useState<Store[] | null>(null);
  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [storeId, setStoreId] = useState<number | null>(initial?.storeId ?? null);
  const [addressId, setAddressId] = useState<number | null>(initial?.addressId ?? null);
  const [position, setPosition] = useState<Position | null>(null);
  const listed = useRef('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.data(checkoutCalls.deliveries).then(
      (list) => {
        const offered = list.map((o) => o.id);
        setModes(offered);
        // A preselected mode no longer offered (shipping while card payments are off) is no choice.
        setMode((m) => (m && offered.includes(m) ? m : null));
      },
      () => setModes(Object.keys(DELIVERY_MODE_LABELS) as DeliveryMode[]),
    );
  }, []);

  useEffect(() => {
    if (flags.SHOW_STATE_DROPDOWN) api.data(storeCalls.states).then(setStates, () => setStates([]));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per mode; the address list it loads once must not run it again when it arrives
  useEffect(() => {
    if (!mode) return;
    setError(null);
    if (needsAddress(mode)) {
      if (addresses === null) api.data(profileCalls.addresses).then(setAddresses, () => setAddresses([]));
      return;
    }
    // Another mode or region: its stores replace the list; the position only sorts the same stores again.
    if (listed.current !== `${mode}|${state}`) setStores(null);
    listed.current = `${mode}|${state}`;
    const searchParams = {
      delivery: mode,
      ...(state ? { state } : {}),
      ...(position ? { lat: position.lat.toFixed(5), lon: position.lon.toFixed(5) } : {}),
    };
    let live = true;
    api.data(storeCalls.deliveryStores, { query: searchParams }).then(
      (list) => live && setStores(list),
      () => live && setStores([]),
    );
    return () => {
      live = false;
    };
  }, [mode, state, position]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mode) return setError('Scegli la modalità di consegna.');
    const withAddress = needsAddress(mode);
    if (withAddress && !addressId) return setError('Scegli un indirizzo di consegna.');
    if (!withAddress && !(storeId && stores?.some((s) => s.id === storeId)))
      return setError('Scegli un punto vendita.');
    setError(null);
    setBusy(true);
    try {
      await onSubmit(
        withAddress ? { deliveryMode: mode, addressId: addressId! } : { deliveryMode: mode, storeId: storeId! },
      );
    } catch (e) {
      const message = errorMessageOf(e);
      setError(message);
      showToast(message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="delivery-form" onSubmit={submit} noValidate>
      {flags.SHOW_STATE_DROPDOWN && (
        <div className="field">
          <label htmlFor={`${id}-state`}>Regione</label>
          <select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">Tutte le regioni</option>
            {states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.description}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="choice-group">
        <legend>Come vuoi ricevere la spesa?</legend>
        {modes === null && <p role="status">Caricamento delle modalità di consegna…</p>}
        <div className="choice-grid">
          {(modes ?? []).map((m) => (
            <label key={m} className="choice">
              <input type="radio" name="deliveryMode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              <span>
                <strong>{DELIVERY_MODE_LABELS[m]}</strong>
                <small>{modeHints[m]}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {mode && !needsAddress(mode) && (
        <fieldset className="choice-group">
          <legend>Punto vendita</legend>
          {stores === null ? (
            <p role="status">Caricamento dei punti vendita…</p>
          ) : stores.length === 0 ? (
            <p>Nessun punto vendita offre questa modalità{state ? ' nella regione scelta' : ''}.</p>
          ) : (
            <StoreChooser
              stores={stores}
              storeId={storeId}
              onChoose={setStoreId}
              lastStoreId={initial?.storeId ?? null}
              position={position}
              onPosition={setPosition}
            />
          )}
        </fieldset>
      )}

      {mode && needsAddress(mode) && (
        <fieldset className="choice-group">
          <legend>Indirizzo di consegna</legend>
          {addresses === null ? (
            <p role="status">Caricamento degli indirizzi…</p>
          ) : addresses.length === 0 ? (
            <p>Non hai ancora indirizzi di consegna.</p>
          ) : (
            <div className="choice-list">
              {addresses.map((a) => (
                <label key={a.id} className="choice">
                  <input
                    type="radio"
                    name="addressId"
                    value={a.id}
                    checked={addressId === a.id}
                    onChange={() => setAddressId(a.id)}
                  />
                  <span>
                    <strong>
                      {a.address} {a.streetNumber}
                    </strong>
                    <small>
                      {a.zip} {a.city} ({a.county})
                      {mode === 'AT_HOME' && !a.homeDelivery && ' · consegna a domicilio non attiva in questa città'}
                    </small>
                  </span>
                </label>
              ))}
            </div>
          )}
          <p>
            <a href={addressesHref}>Gestisci i tuoi indirizzi di consegna</a>
          </p>
        </fieldset>
      )}

      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="delivery-form__submit">
        {mode && <p className="delivery-form__choice">{choiceLine(mode, stores, storeId, addresses, addressId)}</p>}
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
