// /app/profile/addresses (docs/product.md §2 Shipping address popup, §5): region fixed
// to Puglia and disabled, county 2 letters, zip 5 digits; each address says
// whether home delivery reaches its town (docs/product.md §9, the API's homeDelivery).
import { REGION, shippingAddressInput, type ShippingAddress } from '#src/shared/contract/addresses.ts';
import { deleteAddress, listAddresses, saveAddress } from './account.api.ts';
import { AddressBook } from './AddressBook.tsx';
import type { FieldSpec } from './AddressEditor.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';

const upper = (v: string) => v.toUpperCase();
const digits = (v: string) => v.replace(/[^0-9]/g, '');

const shippingFields: FieldSpec[] = [
  { name: 'address', label: 'Indirizzo', required: true, pair: true, input: { autoComplete: 'address-line1' } },
  { name: 'streetNumber', label: 'Civico', required: true },
  { name: 'city', label: 'Città', required: true, pair: true, input: { autoComplete: 'address-level2' } },
  {
    name: 'county',
    label: 'Provincia (sigla)',
    required: true,
    normalise: upper,
    input: { maxLength: 2, autoComplete: 'off' },
  },
  {
    name: 'zip',
    label: 'CAP',
    required: true,
    pair: true,
    normalise: digits,
    input: { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' },
  },
  { name: 'state', label: 'Regione', disabled: true },
];

const describe = (a: ShippingAddress) => `${a.address} ${a.streetNumber}, ${a.city}`;

function ShippingCard({ address }: { address: ShippingAddress }) {
  return (
    <div className="address-card__body">
      <p className="address-card__title">
        {address.address} {address.streetNumber}
      </p>
      <p>
        {address.zip} {address.city} ({address.county}) · {address.state}
      </p>
      <p className={address.homeDelivery ? 'delivery delivery--yes' : 'delivery delivery--no'}>
        {address.homeDelivery
          ? 'Consegna a domicilio disponibile'
          : 'Consegna a domicilio non attiva in questo comune: puoi ritirare in negozio'}
      </p>
    </div>
  );
}

export default function ShippingAddressesPage() {
  return (
    <RequireShopper look="profile">
      {() => (
        <AddressBook<ShippingAddress>
          kind="shipping"
          newLabel="Aggiungi indirizzo"
          empty="Non hai ancora salvato indirizzi di spedizione."
          fields={shippingFields}
          schema={shippingAddressInput}
          blank={{ address: '', streetNumber: '', city: '', county: '', zip: '', state: REGION }}
          valuesOf={(a) => ({
            address: a.address,
            streetNumber: a.streetNumber,
            city: a.city,
            county: a.county,
            zip: a.zip,
            state: REGION,
          })}
          describe={describe}
          card={(a) => <ShippingCard address={a} />}
          load={listAddresses}
          save={(v, id) =>
            saveAddress({
              id,
              address: v['address']!,
              streetNumber: v['streetNumber']!,
              city: v['city']!,
              county: v['county']!,
              zip: v['zip']!,
              state: REGION,
              nation: 'IT',
            })
          }
          remove={deleteAddress}
          toasts={{
            added: 'Indirizzo aggiunto con successo!',
            updated: 'Indirizzo aggiornato con successo!',
            deleted: 'Indirizzo eliminato con successo!',
          }}
          titles={{ add: 'Nuovo indirizzo di spedizione', edit: 'Modifica indirizzo di spedizione' }}
        />
      )}
    </RequireShopper>
  );
}
