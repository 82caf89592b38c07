// The checkout's own rules (docs/product.md §5 Checkout, §2 /checkout/data): pure, so
// they are tested beside this file without a browser.
import type { BillingAddress } from '#src/shared/contract/addresses.ts';
import type { PaymentMode } from '#src/shared/contract/cart.ts';
import { routes } from '#src/shared/routes.ts';

export const BILLING_INCOMPLETE = 'Indirizzo di fatturazione incompleto!';
export const NO_SLOTS =
  'A causa della forte richiesta al momento non ci sono fasce orarie disponibili. Ti invitiamo a riprovare più tardi.';
export const BINDING_ORDER = 'Ordine con obbligo di pagamento';

/** Where the chosen slot and the checkout's data are kept (sessionStorage, this tab only). */
export const CHECKOUT_STATE_KEY = 'spesa.checkout';

/** The checkout's steps (docs/product.md §4 Checkout steps), as its navigation shows them. */
export const CHECKOUT_STEPS = [
  { label: 'Giorno e fascia oraria', href: routes.checkout },
  { label: 'Dati', href: routes.checkoutData },
  { label: 'Riepilogo', href: routes.checkoutSummary },
] as const;

/** What the shopper fills in on /checkout/data (docs/product.md §3 Checkout info). */
export interface CheckoutData {
  profileEmail: string;
  profileMobilePhone: string;
  firstName: string;
  lastName: string;
  notes: string;
  invoice: boolean;
  billingAddressId: number | null;
  enableProductsReplacement: boolean | null;
  /** What the store's confirmation may do without asking again (decision 018). */
  acceptChanges: boolean;
  acceptChangesLimit: number;
  paymentMode: PaymentMode | null;
}

const BILLING_REQUIRED = [
  'vatCode',
  'companyName',
  'address',
  'streetNumber',
  'zip',
  'city',
  'county',
  'phone',
] as const;

/** docs/product.md §5: an invoice needs a billing address with all of these filled. */
export function billingComplete(address: BillingAddress | undefined | null): boolean {
  return !!address && BILLING_REQUIRED.every((field) => (address[field] ?? '').trim() !== '');
}

/**
 * docs/product.md §5: confirm is enabled only with a replacement choice and a payment mode. The
 * replacement question is asked for the rows without a choice of their own: with none, nothing is asked.
 */
export const canConfirm = (
  data: Pick<CheckoutData, 'enableProductsReplacement' | 'paymentMode'>,
  undecidedRows: number,
): boolean => (undecidedRows === 0 || data.enableProductsReplacement !== null) && data.paymentMode !== null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem with the contact data, or null; messages as in the profile rules (docs/product.md §5). */
export function contactProblem(data: CheckoutData): { field: keyof CheckoutData; message: string } | null {
  if (!EMAIL.test(data.profileEmail.trim())) return { field: 'profileEmail', message: 'Indirizzo email non valido' };
  if (!/^\d{10}$/.test(data.profileMobilePhone.trim()))
    return { field: 'profileMobilePhone', message: 'Numero di cellulare non valido' };
  if (!data.firstName.trim()) return { field: 'firstName', message: 'Campo obbligatorio' };
  if (!data.lastName.trim()) return { field: 'lastName', message: 'Campo obbligatorio' };
  return null;
}
