// /app/profile/billing (docs/product.md §2 billing cards, §5 Billing address): read-only
// cards with every field, an edit popup and a new one.
import { billingAddressInput, type BillingAddress } from '#src/shared/contract/addresses.ts';
import { deleteBilling, listBilling, saveBilling } from './account.api.ts';
import { AddressBook } from './AddressBook.tsx';
import type { AddressValues, FieldSpec } from './AddressEditor.tsx';
import { RequireShopper } from '#src/shop/LoginGate.tsx';

const upper = (v: string) => v.toUpperCase();
const digits = (v: string) => v.replace(/[^0-9]/g, '');

/** Labels of the billing fields (docs/product.md §2), in the order the card shows them. */
const labels = {
  vatCode: 'Partita IVA',
  ssnCode: 'Codice fiscale',
  companyName: 'Ragione sociale',
  address: 'Indirizzo',
  streetNumber: 'Civico',
  zip: 'CAP',
  city: 'Città',
  county: 'Provincia',
  phone: 'Telefono',
  fax: 'Fax',
  pec: 'PEC',
  recipientCode: 'Codice destinatario SDI',
} as const;
type BillingField = keyof typeof labels;

const billingFields: FieldSpec[] = [
  { name: 'companyName', label: labels.companyName, required: true, input: { autoComplete: 'organization' } },
  { name: 'vatCode', label: labels.vatCode, required: true, pair: true, input: { autoComplete: 'off' } },
  { name: 'ssnCode', label: labels.ssnCode, normalise: upper, input: { autoComplete: 'off', maxLength: 16 } },
  { name: 'address', label: labels.address, required: true, pair: true, input: { autoComplete: 'address-line1' } },
  { name: 'streetNumber', label: labels.streetNumber, required: true },
  { name: 'city', label: labels.city, required: true, pair: true, input: { autoComplete: 'address-level2' } },
  {
    name: 'county',
    label: `${labels.county} (sigla)`,
    required: true,
    normalise: upper,
    input: { maxLength: 2, autoComplete: 'off' },
  },
  {
    name: 'zip',
    label: labels.zip,
    required: true,
    pair: true,
    normalise: digits,
    input: { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' },
  },
  { name: 'phone', label: labels.phone, required: true, input: { type: 'tel', autoComplete: 'tel' } },
  { name: 'fax', label: labels.fax, pair: true, input: { type: 'tel', autoComplete: 'off' } },
  { name: 'pec', label: labels.pec, input: { type: 'email', autoComplete: 'off' } },
  {
    name: 'recipientCode',
    label: labels.recipientCode,
    normalise: upper,
    input: { maxLength: 7, autoComplete: 'off' },
  },
];

const names = Object.keys(labels) as BillingField[];
const blank: AddressValues = Object.fromEntries(names.map((n) => [n, '']));
const valuesOf = (b: BillingAddress): AddressValues => Object.fromEntries(names.map((n) => [n, b[n] ?? '']));

function BillingCard({ billing }: { billing: BillingAddress }) {
  return (
    <dl className="billing-card">
      {names.map((n) => (
        <div key={n}>
          <dt>{labels[n]}</dt>
          <dd>{billing[n] || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function BillingAddressesPage() {
  return (
    <RequireShopper look="profile">
      {() => (
        <AddressBook<BillingAddress>
          kind="billing"
          newLabel="Aggiungi indirizzo di fatturazione"
          empty="Non hai ancora salvato indirizzi di fatturazione."
          fields={billingFields}
          schema={billingAddressInput}
          blank={blank}
          valuesOf={valuesOf}
          describe={(b) => `${b.companyName}, ${b.address} ${b.streetNumber}`}
          card={(b) => <BillingCard billing={b} />}
          load={listBilling}
          save={(v, id) => {
            const text = (n: BillingField) => v[n] ?? '';
            const optional = (n: BillingField) => text(n).trim() || null;
            return saveBilling({
              id,
              vatCode: text('vatCode'),
              ssnCode: optional('ssnCode'),
              companyName: text('companyName'),
              address: text('address'),
              streetNumber: text('streetNumber'),
              zip: text('zip'),
              city: text('city'),
              county: text('county'),
              phone: text('phone'),
              fax: optional('fax'),
              pec: optional('pec'),
              recipientCode: optional('recipientCode'),
              nation: 'IT',
            });
          }}
          remove={deleteBilling}
          toasts={{
            added: 'Indirizzo di fatturazione aggiunto con successo!',
            updated: 'Indirizzo di fatturazione aggiornato con successo!',
            deleted: 'Indirizzo di fatturazione eliminato con successo!',
          }}
          titles={{ add: 'Nuovo indirizzo di fatturazione', edit: 'Modifica indirizzo di fatturazione' }}
        />
      )}
    </RequireShopper>
  );
}
