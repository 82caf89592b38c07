// The header's shopper part without React (docs/product.md §2 Header): the access
// button's name, the cart's net total, the delivery store and the first
// available slot, drawn from the session and cart summary kept in
// localStorage and redrawn whenever the stores change. The login panel and
// the islands stay unloaded until the shopper needs them.
import { routes } from '#src/shared/routes.ts';
import { formatSlot } from '#src/lib/dates.ts';
import { flags } from '#src/lib/flags.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { urlOf } from '#src/shared/contract/call.ts';
import { checkoutCalls } from '#src/shared/contract/calls.generated.ts';
import {
  $cartSummary,
  $cartSummaryHeard,
  $firstSlot,
  DEFAULT_DELIVERY_DESCRIPTION,
  DEFAULT_STORE,
  type FirstSlot,
  setFirstSlot,
} from './cart-summary.store.ts';
import { takeEarly } from './early-calls.ts';
import { $user, openOverlay } from './session.store.ts';

const cartUpdateHref = routes.cartUpdate;
const defaultStoreHref = routes.store(DEFAULT_STORE.id);

const part = <T extends HTMLElement>(name: string): T | null => document.querySelector<T>(`[data-header="${name}"]`);

function drawAccess(): void {
  const button = part<HTMLButtonElement>('access');
  const firstName = $user.get()?.profile.firstName ?? null;
  if (!button) return;
  button.setAttribute('aria-label', firstName ? `Il tuo profilo: ${firstName}` : 'Accedi');
  const label = button.querySelector('.label');
  if (label) label.textContent = firstName ?? 'Accedi';
}

function drawCart(): void {
  const link = part<HTMLAnchorElement>('cart');
  if (!link) return;
  const { netTotal, itemsCount } = $user.get() ? $cartSummary.get() : { netTotal: 0, itemsCount: 0 };
  const total = formatEuro(netTotal);
  link.setAttribute(
    'aria-label',
    `Carrello, totale ${total}${itemsCount ? `, ${itemsCount} ${itemsCount === 1 ? 'prodotto' : 'prodotti'}` : ''}`,
  );
  const shown = link.querySelector('.cart-total');
  if (shown) shown.textContent = total;
}

/** The cart's store (a link to /cart/update with SHOW_CART_UPDATE), or the default store's page. */
function drawStore(): void {
  const current = part('store');
  if (!current) return;
  const description = $user.get() ? $cartSummary.get().storeDescription : null;
  const href = description ? (flags.SHOW_CART_UPDATE ? cartUpdateHref : null) : defaultStoreHref;
  const next = document.createElement(href ? 'a' : 'span');
  next.dataset['header'] = 'store';
  if (href) {
    next.className = 'header-delivery__store';
    next.setAttribute('href', href);
  }
  next.textContent = description ?? DEFAULT_DELIVERY_DESCRIPTION;
  if (current.outerHTML !== next.outerHTML) current.replaceWith(next);
}

/** A first-slot answer checked by hand (this script carries no schema library); undefined when unusable. */
async function fetchSlot(path: string, user?: { customer: number }): Promise<FirstSlot | null | undefined> {
  try {
    // A shopper's session goes along in its cookie (decision 027).
    const response = await ((user && takeEarly('slot', user.customer)) || fetch(`${window.location.origin}${path}`));
    const { responseCode, data } = (await response.json()) as {
      responseCode?: number;
      data?: Partial<FirstSlot> | null;
    };
    if (responseCode !== 0) return undefined;
    if (data === null) return null;
    if (
      !data ||
      typeof data.weekDay !== 'number' ||
      typeof data.validFrom !== 'string' ||
      typeof data.validTo !== 'string'
    )
      return undefined;
    return { weekDay: data.weekDay, validFrom: data.validFrom, validTo: data.validTo };
  } catch {
    // Without an answer the header keeps what it shows.
    return undefined;
  }
}

// A visitor sees the default store's first slot (docs/product.md §2 Header), asked once per page.
let visitorSlot: FirstSlot | null = null;
let visitorSlotAsked = false;
function askVisitorSlot(): void {
  if ($user.get() || visitorSlotAsked) return;
  visitorSlotAsked = true;
  void fetchSlot(urlOf(checkoutCalls.firstDefaultSlot)).then((slot) => {
    if (!slot) return;
    visitorSlot = slot;
    drawSlot();
  });
}

// A logged-in shopper's first slot follows the cart (docs/product.md §2 Header): asked as
// the page starts (the first answer asked by the page's head: early-calls.ts),
// not after the islands and the API client have loaded, and again when the
// cart's store or emptiness changes. An answer asked before this page heard of
// the cart is for the cart the server has, so the cart's arrival asks nothing
// new. A lost session is the session refresh's to notice; a failed call keeps
// the slot shown so far.
function followShopperSlot(): void {
  let asked: string | null = null;
  // Whose cart, not which token: the session refresh renews the token.
  const keyOf = (customer: number) => {
    const { storeDescription, itemsCount } = $cartSummary.get();
    return `${customer}|${storeDescription}|${itemsCount === 0}`;
  };
  const ask = () => {
    const user = $user.get();
    if (!user) {
      asked = null;
      return;
    }
    const key = keyOf(user.profile.id);
    if (key === asked) return;
    asked = key;
    void fetchSlot(urlOf(checkoutCalls.firstSlot), { customer: user.profile.id }).then((slot) => {
      if (slot !== undefined && asked === key) setFirstSlot(slot);
    });
  };
  // The first cart answer only confirms what was asked (nanostores may tell the
  // summary's listeners after the 'heard' flag is already set: both adopt once).
  let adopted = false;
  const adopt = () => {
    if (adopted || !$cartSummaryHeard.get()) return false;
    adopted = true;
    const customer = $user.get()?.profile.id;
    if (customer !== undefined && asked?.startsWith(`${customer}|`)) asked = keyOf(customer);
    return true;
  };
  $user.subscribe(ask);
  $cartSummary.listen(() => {
    if ($cartSummaryHeard.get() && !adopt()) ask();
  });
  $cartSummaryHeard.listen(() => void adopt());
}

function drawSlot(): void {
  const holder = part('slot');
  const slot = $user.get() ? $firstSlot.get() : visitorSlot;
  if (!holder) return;
  holder.hidden = !slot;
  const text = holder.querySelector('strong');
  if (text) text.textContent = slot ? formatSlot(slot) : '';
}

function drawSession(): void {
  // CSS keeps room for the slot line and shows the availability button from this flag.
  if ($user.get()) document.documentElement.dataset['session'] = '1';
  else delete document.documentElement.dataset['session'];
}

export function startHeader(): void {
  const draw = () => {
    drawSession();
    drawAccess();
    drawCart();
    drawStore();
    drawSlot();
  };
  draw();
  askVisitorSlot();
  followShopperSlot();
  $user.listen(draw);
  $user.listen(askVisitorSlot);
  $cartSummary.listen(draw);
  $firstSlot.listen(draw);
  part('access')?.addEventListener('click', () => openOverlay($user.get() ? 'profile' : 'login'));
}
