// /checkout/summary: every amount, the slot, the store and the payment mode
// before the binding final button (Codice del consumo, art. 51: the button
// must say the order implies an obligation to pay). Then cart/freeze:
// 0 → thank-you page; 4105 → the changed items, back to the cart; other codes
// → the server's message (4029 and a full slot: choose another slot). With a
// card (XPAY) the hold the card will get is shown before the button; booking sends a
// pre-order, and the card is held once the store confirms it (decision 014).
// A cash or bancomat booking is confirmed by the checkout overlay, shown for
// CHECKOUT_OVERLAY_MS (docs/product.md §9), before the thank-you page.
import { DEFAULT_ACCEPT_CHANGES_LIMIT } from '#src/shared/contract/constants.ts';
import { choicesText } from '#src/shared/order-states.ts';
import { routes } from '#src/shared/routes.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CHECKOUT_OVERLAY_MS } from '#src/shared/flags.ts';
import OrderLines from '#src/components/OrderLines.tsx';
import { ApiError, errorMessageOf } from '#src/lib/api-client.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { showToast } from '#src/lib/toast.store.ts';
import { cartQuantity, formatQuantity } from '#src/shared/quantity-rules.ts';
import { ChangedItems } from '#src/components/ChangedItems.tsx';
import { ModalDialog } from '#src/components/ModalDialog.tsx';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { PAYMENT_MODE_LABELS } from '#src/shared/payment-rules.ts';
import { isPickup } from '#src/shared/delivery-modes.ts';
import { replacementLines } from '#src/shop/replacement.ts';
import { BINDING_ORDER } from './checkout-rules.ts';
import { $checkout, checkoutFor, chooseSlot, freeze } from './checkout.store.ts';
import { CheckoutGate, CheckoutSteps } from './CheckoutGate.tsx';
import { PreauthNote } from './PreauthNote.tsx';
import { CardReminder } from '#src/components/CardReminder.tsx';
import { PreauthAmount } from '#src/components/PreauthAmount.tsx';

const SLOT_PROBLEMS: number[] = [
  ErrorCode.BOOKING_CUTOFF_EXCEEDED,
  ErrorCode.SLOT_FULL,
  ErrorCode.DELIVERY_CREATION_FAILED,
];
// The delivery address was edited or deleted since the cart was opened: booking checks it again (docs/product.md §8 42, 2222).
const ADDRESS_PROBLEMS: number[] = [ErrorCode.DELIVERY_NOT_ACTIVE_FOR_ADDRESS, ErrorCode.HOME_DELIVERY_NOT_ACTIVE];
const addressesHref = routes.profileAddresses;

function cartAmounts(cart: Cart) {
  return [
    { label: 'Totale prodotti', value: cart.netTotal },
    ...cart.fees.map((f) => ({ label: f.description, value: f.value })),
    { label: 'Totale', value: cart.total, strong: true },
    ...(cart.totalToPay !== cart.total ? [{ label: 'Totale da pagare', value: cart.totalToPay, strong: true }] : []),
  ];
}

const cartLines = (items: CartItem[]) =>
  items.map((i) => ({
    id: i.id,
    description: i.description,
    quantity: formatQuantity(i.um, cartQuantity(i)),
    total: i.rowNetPrice,
    ...(i.available ? {} : { note: 'Non disponibile' }),
  }));

/** The checkout overlay: the booking went through; the thank-you page follows. */
function BookedOverlay() {
  return (
    <div className="checkout-overlay" role="status">
      <div className="checkout-overlay__box">
        <p className="checkout-overlay__title">Prenotazione effettuata</p>
        <p>Stiamo aprendo la conferma del tuo ordine…</p>
      </div>
    </div>
  );
}

function Summary({ cart }: { cart: Cart }) {
  useStore($checkout);
  const { slot, data } = checkoutFor(cart.id);
  const [busy, setBusy] = useState(false);
  const [slotProblem, setSlotProblem] = useState<string | null>(null);
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState<{ updated: CartItem[]; removed: CartItem[] } | null>(null);
  const [booked, setBooked] = useState(false);
  useEffect(() => {
    if (!booked) return;
    const timer = setTimeout(() => window.location.assign(routes.checkoutConfirm), CHECKOUT_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [booked]);

  if (booked) return <BookedOverlay />;
  if (!slot || !data?.paymentMode) {
    return (
      <div className="checkout-notice">
        <p>Mancano dei dati della prenotazione.</p>
        <a className="button button-primary" href={slot ? routes.checkoutData : routes.checkout}>
          {slot ? 'Completa i dati' : 'Scegli giorno e fascia oraria'}
        </a>
      </div>
    );
  }

  async function book() {
    if (!slot || !data) return;
    setBusy(true);
    setSlotProblem(null);
    setAddressProblem(null);
    try {
      const result = await freeze(cart, slot, data);
      // A pre-order for the store to confirm, whatever the payment (decision 014): a card is held once it confirms.
      if (result.kind === 'booked') return setBooked(true);
      setChanged({ updated: result.updated, removed: result.removed });
    } catch (error) {
      const message = errorMessageOf(error);
      showToast(message, 'error');
      if (error instanceof ApiError && SLOT_PROBLEMS.includes(error.code)) {
        chooseSlot(cart.id, null);
        setSlotProblem(message);
      }
      if (error instanceof ApiError && ADDRESS_PROBLEMS.includes(error.code)) setAddressProblem(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="checkout-section" aria-labelledby="summary-delivery">
        <h2 id="summary-delivery">{isPickup(cart.deliveryMode) ? 'Ritiro' : 'Consegna'}</h2>
        <dl className="checkout-facts">
          <div>
            <dt>Giorno e fascia oraria</dt>
            <dd>{formatSlot(slot)}</dd>
          </div>
          <div>
            <dt>{cart.delivery.addressDescription ? 'Indirizzo' : 'Punto vendita'}</dt>
            <dd>{cart.delivery.addressDescription ?? cart.storeDescription}</dd>
          </div>
          <div>
            <dt>Pagamento</dt>
            <dd>{PAYMENT_MODE_LABELS[data.paymentMode]}</dd>
          </div>
          <div>
            <dt>Contatto</dt>
            <dd>
              {data.firstName} {data.lastName} · {data.profileEmail} · {data.profileMobilePhone}
            </dd>
          </div>
          <div>
            <dt>Se un prodotto non è disponibile</dt>
            <dd>
              <ul className="checkout-replacements">
                {replacementLines(cart.items, data.enableProductsReplacement ?? false).map((line) => (
                  <li key={line.key}>
                    {line.label}: <strong>{line.text}</strong>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>Alla conferma del punto vendita</dt>
            <dd>
              {choicesText({
                acceptChanges: data.acceptChanges ?? true,
                acceptChangesLimit: data.acceptChangesLimit ?? DEFAULT_ACCEPT_CHANGES_LIMIT,
              })}
            </dd>
          </div>
          <div>
            <dt>Fattura</dt>
            <dd>{data.invoice ? 'Sì' : 'No'}</dd>
          </div>
          {data.notes.trim() && (
            <div>
              <dt>Note</dt>
              <dd>{data.notes}</dd>
            </div>
          )}
        </dl>
        <a href={routes.checkoutData}>Modifica i dati</a>
      </section>
      <section className="checkout-section" aria-labelledby="summary-items">
        <h2 id="summary-items">Prodotti e importi</h2>
        <OrderLines
          caption="Prodotti del carrello e importi"
          lines={cartLines(cart.items)}
          amounts={cartAmounts(cart)}
        />
        <PreauthNote />
      </section>
      {data.paymentMode === 'XPAY' && (
        <>
          <PreauthAmount of={{ cartId: cart.id }} />
          <CardReminder />
        </>
      )}
      {slotProblem && (
        <p className="checkout-error" role="alert">
          {slotProblem} <a href={routes.checkout}>Scegli un'altra fascia oraria</a>
        </p>
      )}
      {addressProblem && (
        <p className="checkout-error" role="alert">
          {addressProblem} <a href={addressesHref}>Gestisci i tuoi indirizzi di consegna</a>
        </p>
      )}
      <div className="checkout-actions">
        <a className="button" href={routes.checkoutData}>
          Indietro
        </a>
        <button
          type="button"
          className="button button-primary checkout-final"
          disabled={busy || !!slotProblem}
          onClick={() => void book()}
        >
          {BINDING_ORDER}
        </button>
      </div>
      <p className="checkout-hint">
        {data.paymentMode === 'XPAY'
          ? `Premendo «${BINDING_ORDER}» invii il pre-ordine al punto vendita: quando ne conferma la disponibilità, entro le tue scelte l'importo confermato viene pre-autorizzato sulla carta associata come indicato, altrimenti ti scriviamo e lo paghi tu con la carta.`
          : `Premendo «${BINDING_ORDER}» invii il pre-ordine al punto vendita e ti impegni a pagarlo al ritiro o alla consegna, come il punto vendita lo conferma entro le tue scelte o come tu lo accetti.`}
      </p>
      <ModalDialog
        title="Attenzione!"
        role="alertdialog"
        isOpen={changed !== null}
        onClose={() => window.location.assign(routes.cart)}
      >
        {changed && <ChangedItems {...changed} />}
        <p>Controlla il carrello e prenota di nuovo.</p>
        <div className="cart-actions">
          <a className="button button-primary" href={routes.cart}>
            Torna al carrello
          </a>
        </div>
      </ModalDialog>
    </>
  );
}

export default function CheckoutSummary() {
  return (
    <CheckoutGate>
      {(_user, cart) => (
        <>
          <CheckoutSteps current={2} />
          <Summary cart={cart} />
        </>
      )}
    </CheckoutGate>
  );
}
