// /checkout/data (docs/product.md §2, §5): contact data prefilled from the profile,
// delivery notes, invoice with a billing address, replacement consent and
// payment mode; confirm only with a replacement choice and a payment mode.
import { formatEuro } from '#src/shared/contract/money.ts';
import { DEFAULT_ACCEPT_CHANGES_LIMIT } from '#src/shared/contract/constants.ts';
import { ACCEPT_CHANGES_LIMITS } from '#src/shared/order-states.ts';
import { routes } from '#src/shared/routes.ts';
import { reorderHint } from '#src/shop/reorder-hint.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { errorMessageOf } from '#src/lib/api-client.ts';
import { formatSlot } from '#src/lib/dates.ts';
import type { BillingAddress } from '#src/shared/contract/addresses.ts';
import { messageFor, ErrorCode } from '#src/shared/contract/errors.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import type { SessionUser } from '#src/shared/contract/session.ts';
import {
  BILLING_INCOMPLETE,
  billingComplete,
  canConfirm,
  contactProblem,
  type CheckoutData,
} from './checkout-rules.ts';
import type { PaymentMode } from '#src/shared/contract/cart.ts';
import { offeredModes, PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { $checkout, checkoutFor, loadBillingAddresses, loadPaymentModes, saveData } from './checkout.store.ts';
import { CheckoutGate, CheckoutSteps, StoreLine } from './CheckoutGate.tsx';
import { RowReplacements } from './RowReplacements.tsx';
import { rememberReplacementConsent } from '#src/shop/replacement-consent.store.ts';
import { undecidedRows } from '#src/shop/replacement.ts';
import { isPickup } from '#src/shared/delivery-modes.ts';

/** The checkout's question about substitutes, for the rows without a choice of their own (all of them, or the others). */
function replacementQuestion(undecided: number, rows: number): string {
  if (undecided === 0) return 'Se un prodotto non è disponibile';
  if (undecided === rows) return 'Se un prodotto non è disponibile, accetti un prodotto sostitutivo simile?';
  return undecided === 1
    ? "Per l'altro prodotto, se non è disponibile, accetti un prodotto sostitutivo simile?"
    : `Per gli altri ${undecided} prodotti, se uno non è disponibile, accetti un prodotto sostitutivo simile?`;
}

type ContactField = 'profileEmail' | 'profileMobilePhone' | 'firstName' | 'lastName';
const contactFields: { field: ContactField; label: string; type: string; autoComplete: string }[] = [
  { field: 'profileEmail', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'profileMobilePhone', label: 'Cellulare', type: 'tel', autoComplete: 'tel' },
  { field: 'firstName', label: 'Nome', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Cognome', type: 'text', autoComplete: 'family-name' },
];

const fromProfile = (user: SessionUser): CheckoutData => ({
  profileEmail: user.profile.email,
  profileMobilePhone: user.profile.mobilePhone ?? '',
  firstName: user.profile.firstName,
  lastName: user.profile.lastName,
  notes: '',
  invoice: false,
  billingAddressId: null,
  enableProductsReplacement: null,
  acceptChanges: true,
  acceptChangesLimit: DEFAULT_ACCEPT_CHANGES_LIMIT,
  paymentMode: null,
});

function Choice({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="checkout-fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

function DataForm({ user, cart }: { user: SessionUser; cart: Cart }) {
  useStore($checkout);
  const state = checkoutFor(cart.id);
  // A reordered cart starts with the last order's payment mode ('Riordina', reorder-hint.ts).
  const [data, setData] = useState<CheckoutData>(
    state.data ?? { ...fromProfile(user), paymentMode: reorderHint(cart.id)?.paymentMode ?? null },
  );
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [billing, setBilling] = useState<BillingAddress[] | null>(null);
  const [modes, setModes] = useState<PaymentMode[] | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the payment modes depend on the cart's store and mode only, not on every other change of the cart
  useEffect(() => {
    loadPaymentModes(cart)
      .then((m) => {
        const offered = offeredModes(m);
        setModes(offered);
        // A preselected mode this store does not offer for this mode is no choice.
        setData((d) => (d.paymentMode && !offered.includes(d.paymentMode) ? { ...d, paymentMode: null } : d));
      })
      .catch((e: unknown) => setLoadError(errorMessageOf(e)));
  }, [cart.storeId, cart.deliveryMode]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an invoice is asked for; billing is what it sets, not a reason to run again
  useEffect(() => {
    if (data.invoice && billing === null) {
      loadBillingAddresses()
        .then((all) => {
          setBilling(all);
          // With one billing address there is nothing to choose: it is preselected.
          const [only] = all;
          if (all.length === 1 && only) {
            setData((d) => (d.billingAddressId === null ? { ...d, billingAddressId: only.id } : d));
            setInvoiceError(billingComplete(only) ? null : BILLING_INCOMPLETE);
          }
        })
        .catch(() => setBilling([]));
    }
  }, [data.invoice]);

  if (!state.slot) {
    return (
      <div className="checkout-notice">
        <p>Prima scegli il giorno e la fascia oraria.</p>
        <a className="button button-primary" href={routes.checkout}>
          Scegli giorno e fascia oraria
        </a>
      </div>
    );
  }
  const slot = state.slot;
  const pickup = isPickup(cart.deliveryMode);
  // The yes/no is asked once, for the rows without a choice of their own.
  const undecided = undecidedRows(cart.items);
  const ready = canConfirm(data, undecided.length);
  const update = (patch: Partial<CheckoutData>) => setData((d) => ({ ...d, ...patch }));
  // The order's default for the rows without a choice of their own; the cart shows it too.
  function chooseReplacement(consent: boolean) {
    update({ enableProductsReplacement: consent });
    rememberReplacementConsent(cart.id, consent);
  }

  function checkField(field: ContactField) {
    const problem = contactProblem(data);
    setErrors((e) => ({ ...e, [field]: problem?.field === field ? problem.message : undefined }));
  }

  function invoiceProblem(d: CheckoutData): string | null {
    if (!d.invoice) return null;
    const chosen = billing?.find((b) => b.id === d.billingAddressId);
    if (!chosen) return messageFor(ErrorCode.BILLING_ADDRESS_MISSING);
    return billingComplete(chosen) ? null : BILLING_INCOMPLETE;
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    const problem = contactProblem(data);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      document.getElementById(`checkout-${problem.field}`)?.focus();
      return;
    }
    const invoice = invoiceProblem(data);
    setInvoiceError(invoice);
    if (invoice) return;
    saveData(cart.id, undecided.length > 0 ? data : { ...data, enableProductsReplacement: false });
    window.location.assign(routes.checkoutSummary);
  }

  return (
    <form className="checkout-form" onSubmit={confirm} noValidate>
      <p className="checkout-choice">
        {pickup ? 'Ritiro' : 'Consegna'}: <strong>{formatSlot(slot)}</strong> · <a href={routes.checkout}>Cambia</a>
      </p>
      <Choice legend="Dati di contatto">
        <p className="checkout-hint">Li usiamo per avvisarti sull'ordine. Controlla che siano corretti.</p>
        <div className="checkout-fields">
          {contactFields.map(({ field, label, type, autoComplete }) => (
            <div key={field} className="checkout-field">
              <label htmlFor={`checkout-${field}`}>{label}</label>
              <input
                id={`checkout-${field}`}
                type={type}
                autoComplete={autoComplete}
                value={data[field]}
                required
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `checkout-${field}-error` : undefined}
                onChange={(e) => update({ [field]: e.target.value })}
                onBlur={() => checkField(field)}
              />
              {errors[field] && (
                <p id={`checkout-${field}-error`} className="form-error">
                  {errors[field]}
                </p>
              )}
            </div>
          ))}
        </div>
      </Choice>
      <div className="checkout-field">
        <label htmlFor="checkout-notes">{pickup ? 'Note per il ritiro' : 'Note per la consegna'} (facoltative)</label>
        <textarea
          id="checkout-notes"
          rows={3}
          maxLength={500}
          value={data.notes}
          onChange={(e) => update({ notes: e.target.value })}
        />
      </div>
      <Choice legend="Fattura">
        <label className="checkout-check">
          <input
            type="checkbox"
            checked={data.invoice}
            onChange={(e) => {
              update({ invoice: e.target.checked });
              setInvoiceError(null);
            }}
          />
          Richiedo la fattura
        </label>
        {data.invoice && (
          <div className="billing-choice">
            {billing === null && <p role="status">Caricamento degli indirizzi di fatturazione…</p>}
            {billing?.length === 0 && (
              <p>
                Non hai indirizzi di fatturazione.{' '}
                <a href={routes.profileBilling}>Aggiungi un indirizzo di fatturazione</a>
              </p>
            )}
            {billing?.map((b) => (
              <label key={b.id} className="checkout-option">
                <input
                  type="radio"
                  name="checkout-billing"
                  checked={data.billingAddressId === b.id}
                  onChange={() => {
                    update({ billingAddressId: b.id });
                    setInvoiceError(billingComplete(b) ? null : BILLING_INCOMPLETE);
                  }}
                />
                <span>
                  <strong>{b.companyName || 'Senza ragione sociale'}</strong>
                  {b.vatCode && <> · P. IVA {b.vatCode}</>}
                  <br />
                  {[b.address, b.streetNumber].filter(Boolean).join(' ')},{' '}
                  {[b.zip, b.city, b.county && `(${b.county})`].filter(Boolean).join(' ')}
                </span>
              </label>
            ))}
          </div>
        )}
        <p className="form-error" role="alert">
          {invoiceError}
        </p>
      </Choice>
      <Choice legend={replacementQuestion(undecided.length, cart.items.length)}>
        {undecided.length > 0 ? (
          <div className="checkout-options checkout-options--row">
            <label className="checkout-option">
              <input
                type="radio"
                name="checkout-replacement"
                checked={data.enableProductsReplacement === true}
                onChange={() => chooseReplacement(true)}
              />
              Sì, accetto la sostituzione
            </label>
            <label className="checkout-option">
              <input
                type="radio"
                name="checkout-replacement"
                checked={data.enableProductsReplacement === false}
                onChange={() => chooseReplacement(false)}
              />
              No, nessuna sostituzione
            </label>
          </div>
        ) : (
          <p className="checkout-hint">Hai scelto per ogni prodotto cosa fare se non è disponibile.</p>
        )}
        <RowReplacements cart={cart} consent={data.enableProductsReplacement} />
      </Choice>
      <Choice legend="Quando il punto vendita conferma l'ordine">
        <p className="checkout-hint">
          Se tutti i prodotti sono disponibili come li hai ordinati, l'ordine viene confermato e preparato subito: non
          devi fare nulla.
        </p>
        <label className="checkout-option">
          <input
            type="checkbox"
            name="checkout-accept-changes"
            checked={data.acceptChanges ?? true}
            onChange={(e) => update({ acceptChanges: e.target.checked })}
          />
          <span>
            Se qualche prodotto non è disponibile o viene sostituito come hai scelto, confermalo senza chiedermelo se il
            totale cambia al massimo di{' '}
            <select
              aria-label="Variazione massima del totale"
              value={data.acceptChangesLimit ?? DEFAULT_ACCEPT_CHANGES_LIMIT}
              disabled={!(data.acceptChanges ?? true)}
              onChange={(e) => update({ acceptChangesLimit: Number(e.target.value) })}
            >
              {ACCEPT_CHANGES_LIMITS.map((limit) => (
                <option key={limit} value={limit}>
                  {formatEuro(limit)}
                </option>
              ))}
            </select>
          </span>
        </label>
        <p className="checkout-hint">
          {data.paymentMode === 'XPAY'
            ? "Con la carta blocchiamo il totale sulla carta associata senza chiederti di nuovo la verifica della banca, e addebitiamo solo i prodotti che ricevi. Altrimenti ti chiediamo di pagare l'ordine, con un promemoria prima della scadenza."
            : "Altrimenti ti chiediamo di accettare l'ordine, con un promemoria prima della scadenza."}
        </p>
      </Choice>
      <Choice legend="Modalità di pagamento">
        {loadError && (
          <p className="form-error" role="alert">
            {loadError}
          </p>
        )}
        {modes === null && !loadError && <p role="status">Caricamento delle modalità di pagamento…</p>}
        {modes?.length === 0 && <p>Nessuna modalità di pagamento disponibile per questo punto vendita.</p>}
        <div className="checkout-options checkout-options--row">
          {modes?.map((mode) => (
            <label key={mode} className="checkout-option">
              <input
                type="radio"
                name="checkout-payment"
                checked={data.paymentMode === mode}
                onChange={() => update({ paymentMode: mode })}
              />
              {PAYMENT_MODE_LABELS[mode]}
              {mode === 'XPAY' && <span className="checkout-hint"> (pagamento online dopo la prenotazione)</span>}
            </label>
          ))}
        </div>
      </Choice>
      <div className="checkout-actions">
        <a className="button" href={routes.checkout}>
          Indietro
        </a>
        <button type="submit" className="button button-primary" disabled={!ready}>
          Conferma i dati
        </button>
      </div>
      {!ready && (
        <p className="checkout-hint">
          {undecided.length > 0
            ? 'Per continuare scegli se accetti la sostituzione e la modalità di pagamento.'
            : 'Per continuare scegli la modalità di pagamento.'}
        </p>
      )}
    </form>
  );
}

export default function CheckoutDataStep() {
  return (
    <CheckoutGate>
      {(user, cart) => (
        <>
          <CheckoutSteps current={1} />
          <StoreLine cart={cart} />
          <DataForm user={user} cart={cart} />
        </>
      )}
    </CheckoutGate>
  );
}
