// The /cart page's first view (src/shop/first-view.ts): CartView's markup for
// the cart of the early answer, drawn before React and the API client have
// loaded, its buttons disabled. cart.first-view.test.ts renders CartView's
// screen for the same cart and checks that both are the same markup.
import { lowestPriceLine, promotionBadge } from '#src/components/product-format.ts';
import { TRASH_ICON_PATH } from '#src/components/icons.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { flags } from '#src/lib/flags.ts';
import type { Cart, CartItem } from '#src/shared/contract/cart.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { DELIVERY_MODE_LABELS } from '#src/shared/delivery-modes.ts';
import { belowMinimum } from '#src/shared/minimum-order.ts';
import { cartQuantity, formatQuantity, minusRemoves } from '#src/shared/quantity-rules.ts';
import { routes } from '#src/shared/routes.ts';
import { $firstSlot, type FirstSlot } from '#src/shop/cart-summary.store.ts';
import { earlyCart, esc, noFirstView, showFirstView } from '#src/shop/first-view.ts';
import { $replacementConsent, consentOf } from '#src/shop/replacement-consent.store.ts';
import { choiceText } from '#src/shop/replacement.ts';
import { $user } from '#src/shop/session.store.ts';

/** The store's name without the delivery mode ('Ritiro in negozio · Superstore Bari' → 'Superstore Bari'). */
export const cartStoreName = (cart: Pick<Cart, 'storeDescription'>): string =>
  cart.storeDescription.split(' · ').slice(1).join(' · ') || cart.storeDescription;

/**
 * What the totals say while the products cost less than the store's minimum
 * (the shared rule the booking button and the server apply); null at or over
 * it, and for an empty cart, which has nothing to complete yet.
 */
export const shortOfMinimumText = (cart: Pick<Cart, 'netTotal' | 'minNetTotal' | 'itemsCount'>): string | null =>
  cart.itemsCount > 0 && belowMinimum(cart)
    ? `Mancano ${formatEuro(cart.minNetTotal - cart.netTotal)} per raggiungere l'ordine minimo.`
    : null;

/** What the summary says of the first slot. */
export const firstSlotText = (slot: FirstSlot | null): string =>
  slot ? formatSlot(slot) : 'Scegli giorno e fascia oraria quando prenoti.';

const trashIcon = `<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${TRASH_ICON_PATH}"></path></svg>`;
const hidden = (text: string) => `<span class="visually-hidden">${esc(text)}</span>`;

function counter(item: CartItem): string {
  const removes = minusRemoves(item, cartQuantity(item), true);
  return `<div class="qty" role="group" aria-label="${esc(`Quantità di ${item.description}`)}"><button type="button" class="qty__button" aria-label="${esc(removes ? `Rimuovi ${item.description} dal carrello` : 'Diminuisci quantità')}" disabled="">${removes ? trashIcon : '<span aria-hidden="true">−</span>'}</button><output class="qty__value" aria-live="polite" aria-atomic="true">${esc(formatQuantity(item.um, cartQuantity(item)))}</output><button type="button" class="qty__button" aria-label="Aumenta quantità" disabled=""><span aria-hidden="true">+</span></button></div>`;
}

function price(item: CartItem): string {
  const discounted = item.netPrice < item.price;
  return `<p class="cart-row__price">${discounted ? hidden('Prezzo scontato: ') : ''}<strong>${esc(formatEuro(item.netPrice))}</strong>${item.um === 'KG' ? `<span aria-hidden="true">/kg</span>${hidden(' al chilo')}` : ''}${discounted ? `<s class="cart-row__was">${hidden('Prezzo pieno: ')}${esc(formatEuro(item.price))}</s>` : ''}</p>`;
}

/** ReplacementChoice closed: the row's choice of substitute, or the order's default. */
const replacement = (item: CartItem, consent: boolean | null) =>
  `<div class="replacement"><button type="button" class="replacement__toggle" aria-expanded="false" disabled=""><span class="replacement__label">Se non disponibile:</span> <span class="replacement__value">${esc(choiceText(item.replacement, consent))}</span></button></div>`;

function row(item: CartItem, consent: boolean | null): string {
  const promo = item.promotions[0];
  const badge = promo ? promotionBadge(item.price, promo) : null;
  const lowest = lowestPriceLine(item);
  const main = [
    `<h3 class="cart-row__title"><a href="${esc(routes.product(item.barcode))}">${esc(item.description)}</a></h3>`,
    badge
      ? `<p class="cart-row__promo"><span class="badge badge--promo">${hidden('In offerta ')}${esc(badge.label)}</span> ${esc(promo?.description ?? '')} ${esc(badge.until)}</p>`
      : '',
    price(item),
    item.attrib3 ? `<p class="cart-row__unit">${esc(item.attrib3)}</p>` : '',
    lowest ? `<p class="cart-row__lowest">${esc(lowest)}</p>` : '',
    item.available ? '' : '<p class="cart-row__out">Momentaneamente non disponibile</p>',
  ].join('');
  return `<li class="cart-row${item.available ? '' : ' cart-row--out'}"><img class="cart-row__image" src="${esc(item.imageUrl ?? routes.file('no-image.svg'))}" alt="" width="80" height="80" loading="lazy"/><div class="cart-row__main">${main}</div>${replacement(item, consent)}<div class="cart-row__qty">${counter(item)}</div><p class="cart-row__total">${hidden('Totale riga: ')}${esc(formatEuro(item.rowNetPrice))}</p><button type="button" class="cart-row__remove" disabled="">${trashIcon}${hidden(`Rimuovi ${item.description}`)}</button></li>`;
}

const fact = (term: string, value: string | number) => `<div><dt>${esc(term)}</dt><dd>${esc(value)}</dd></div>`;

function summary(cart: Cart, slot: FirstSlot | null): string {
  const place = cart.delivery.addressDescription;
  return `<dl class="cart-summary__facts">${fact('Modalità', DELIVERY_MODE_LABELS[cart.deliveryMode])}${fact(place ? 'Indirizzo' : 'Punto vendita', place ?? cartStoreName(cart))}${fact('Prima disponibilità', firstSlotText(slot))}</dl>`;
}

function totals(cart: Cart): string {
  const short = shortOfMinimumText(cart);
  const fees = cart.fees
    .map(
      (fee) =>
        `<div class="cart-totals__fee"><dt>${esc(fee.description)}</dt><dd>${esc(formatEuro(fee.value))}</dd></div>`,
    )
    .join('');
  return `<div class="cart-totals" aria-live="polite" aria-atomic="true"><dl>${fact('Prodotti', cart.itemsCount)}<div><dt>Totale prodotti</dt><dd data-testid="cart-net-total">${esc(formatEuro(cart.netTotal))}</dd></div>${fees}<div class="cart-totals__total"><dt>Totale</dt><dd data-testid="cart-total">${esc(formatEuro(cart.total))}</dd></div>${fact('Ordine minimo', formatEuro(cart.minNetTotal))}</dl>${short ? `<p class="cart-totals__below">${esc(short)}</p>` : ''}</div>`;
}

const openCarts =
  '<section class="open-carts" aria-labelledby="open-carts-title"><h2 id="open-carts-title" class="visually-hidden">I tuoi carrelli aperti</h2><button type="button" class="link-button" aria-expanded="false" aria-controls="open-carts-list" disabled="">I tuoi carrelli aperti</button><div id="open-carts-list" hidden=""><p role="status">Caricamento…</p></div></section>';

/** CartView's screen for this cart and first slot, its buttons disabled. */
export function cartFirstView(cart: Cart, slot: FirstSlot | null): string {
  const items =
    cart.items.length === 0
      ? `<p class="empty">Il carrello è vuoto. <a href="${esc(routes.home)}">Scegli i prodotti</a></p>`
      : `<ul class="cart-rows">${cart.items.map((item) => row(item, consentOf($replacementConsent.get(), cart.id))).join('')}</ul>`;
  const update = flags.SHOW_CART_UPDATE
    ? `<p><a href="${esc(routes.cartUpdate)}">Cambia modalità o punto vendita</a></p>`
    : '';
  return `<div class="cart-layout"><section class="cart-items" aria-labelledby="cart-items-title"><h2 id="cart-items-title">Prodotti nel carrello</h2>${items}</section><aside class="cart-summary" aria-labelledby="cart-summary-title"><h2 id="cart-summary-title">Riepilogo</h2>${summary(cart, slot)}${update}${totals(cart)}<button type="button" class="button button-primary cart-book" disabled="">Prenota</button><p class="cart-book__message" role="alert"></p><div class="cart-summary__more">${flags.SHOW_CART_LISTS ? openCarts : ''}<button type="button" class="button cart-delete" aria-haspopup="dialog" disabled="">Elimina carrello</button></div></aside></div>`;
}

/** Draws /cart's first view from the early answer, again when the first slot arrives. */
export function startCartFirstView(): void {
  const user = $user.get();
  if (!user) {
    noFirstView();
    return;
  }
  void earlyCart(user.profile.id).then((cart) => {
    if (!cart) {
      noFirstView();
      return;
    }
    const draw = () => showFirstView(cartFirstView(cart, $firstSlot.get()));
    draw();
    const stop = $firstSlot.listen(() => (document.querySelector('[data-first-view]') ? draw() : stop()));
  }, noFirstView);
}
