// The /checkout page's first view (src/shop/first-view.ts): the checkout's
// first step (steps, store, the day strip loading, the choice line, the
// buttons) for the cart of the early answer, or the gate's notice for an empty
// cart or one below the minimum order, drawn before React and the API client
// have loaded. checkout.first-view.test.ts checks it against the island.
import { formatSlot } from '#src/lib/dates.ts';
import type { Cart } from '#src/shared/contract/cart.ts';
import { belowMinimum, minimumOrderMessage } from '#src/shared/minimum-order.ts';
import { routes } from '#src/shared/routes.ts';
import { earlyCart, esc, noFirstView, showFirstView } from '#src/shop/first-view.ts';
import { $user } from '#src/shop/session.store.ts';
import { CHECKOUT_STATE_KEY, CHECKOUT_STEPS } from './checkout-rules.ts';

type Chosen = { validFrom: string; validTo: string };

const notice = (text: string, href: string, label: string) =>
  `<div class="checkout-notice"><p>${esc(text)}</p><a class="button button-primary" href="${esc(href)}">${esc(label)}</a></div>`;

const steps = `<nav aria-label="Passaggi della prenotazione"><ol class="checkout-steps">${CHECKOUT_STEPS.map(
  (step, i) =>
    i === 0
      ? `<li class="is-current" aria-current="step"><span>${esc(step.label)}</span></li>`
      : `<li><span>${esc(step.label)}</span></li>`,
).join('')}</ol></nav>`;

function storeLine(cart: Cart): string {
  const address = cart.delivery.addressDescription;
  return `<p class="checkout-store"><span class="checkout-store__label">${address ? 'Consegna a:' : 'Punto vendita:'}</span> <strong>${esc(address ?? cart.storeDescription)}</strong>${address ? `<span> (${esc(cart.storeDescription)})</span>` : ''}</p>`;
}

const loadingStrip =
  '<div class="slot-picker"><fieldset class="day-strip" aria-busy="true"><legend>Scegli il giorno</legend><div class="day-strip__days day-strip__days--loading"><p role="status">Caricamento delle disponibilità…</p></div></fieldset></div>';

/** The island's first step for this cart (the gate's notice when it cannot be booked), its button disabled. */
export function checkoutFirstView(cart: Cart, chosen: Chosen | null): string {
  if (cart.itemsCount === 0)
    return notice(
      'Non hai un carrello da prenotare: riempi il carrello e poi scegli giorno e fascia oraria.',
      routes.cart,
      'Vai al carrello',
    );
  if (belowMinimum(cart)) return notice(minimumOrderMessage(cart.minNetTotal), routes.cart, 'Torna al carrello');
  const choice = chosen
    ? `Hai scelto: <strong>${esc(formatSlot(chosen))}</strong>`
    : 'Scegli un giorno e una fascia oraria per continuare.';
  return `${steps}${storeLine(cart)}${loadingStrip}<p class="checkout-choice" aria-live="polite">${choice}</p><div class="checkout-actions"><a class="button" href="${esc(routes.cart)}">Torna al carrello</a><button type="button" class="button button-primary" disabled="">Avanti</button></div>`;
}

/** The slot chosen earlier in this tab for this cart (checkout.store.ts keeps it), read by hand. */
function chosenFor(cartId: number): Chosen | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(CHECKOUT_STATE_KEY) ?? 'null') as {
      cartId?: unknown;
      slot?: Partial<Chosen> | null;
    } | null;
    const slot = kept?.cartId === cartId ? kept.slot : null;
    return typeof slot?.validFrom === 'string' && typeof slot.validTo === 'string'
      ? { validFrom: slot.validFrom, validTo: slot.validTo }
      : null;
  } catch {
    return null;
  }
}

/** Draws /checkout's first view from the early cart answer. */
export function startCheckoutFirstView(): void {
  const user = $user.get();
  if (!user) {
    noFirstView();
    return;
  }
  void earlyCart(user.profile.id).then((cart) => {
    if (cart) showFirstView(checkoutFirstView(cart, chosenFor(cart.id)));
    else noFirstView();
  }, noFirstView);
}
