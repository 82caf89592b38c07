// The pure rules of the card screens (docs/product.md §4 Card state and Checkout steps,
// §2 /payments): tested beside this file without a browser.
import { PAYMENT_RESULT_EVENT } from '#src/shared/contract/constants.ts';
import type { LegacyBoardingForm, PaymentMethod, PreauthQuote } from '#src/shared/contract/payments.ts';
import { formatEuro } from '#src/shared/contract/money.ts';
import { formatDecimal } from '#src/shared/number-format.ts';

export const ASSOCIATION_OK = 'Associazione avvenuta correttamente!';
export const ASSOCIATION_KO = 'Qualcosa è andato storto';
export const ASSOCIATION_KO_TEXT = 'Vi preghiamo di riprovare più tardi, grazie.';
export const REMOVAL_OK = 'Rimozione carta avvenuta correttamente!';

export type LightboxOutcome = 'OK' | 'KO' | 'ANNULLO';

/**
 * The lightbox's result event (XPay's `XPay_Payment_Result`), or null for any
 * other message: only the provider's origin may speak, and only in that shape.
 */
export function lightboxResult(
  origin: string,
  data: unknown,
  providerOrigin: string,
): { esito: LightboxOutcome; codTrans: string | null } | null {
  if (origin !== providerOrigin || typeof data !== 'object' || data === null) return null;
  const { type, esito, codTrans } = data as Record<string, unknown>;
  if (type !== PAYMENT_RESULT_EVENT || (esito !== 'OK' && esito !== 'KO' && esito !== 'ANNULLO')) return null;
  return { esito, codTrans: typeof codTrans === 'string' ? codTrans : null };
}

/**
 * Where the 3-D Secure frame has landed (docs/product.md §4 Checkout steps): a shop page
 * whose path contains 'confirm' → the confirm page, any other shop page → the
 * failed page; the provider's own pages (and the first about:srcdoc) → still
 * going. `base` is the shop's base path, e.g. /app.
 */
export function threeDsLanding(pathname: string, base: string): 'confirm' | 'failed' | null {
  const root = base.replace(/\/$/, '');
  const shopPage = pathname === root || pathname.startsWith(`${root}/`);
  if (!shopPage) return null;
  return pathname.includes('confirm') ? 'confirm' : 'failed';
}

/** The legacy hosted form's fields to post: all but serverUrl, which is where they go. */
export function legacyFormFields(form: LegacyBoardingForm): [string, string][] {
  return Object.entries(form)
    .filter(([name]) => name !== 'serverUrl')
    .map(([name, value]) => [name, String(value)]);
}

/** The card as the shopper recognises it: brand, the masked number, the expiry. */
export function cardFacts(card: PaymentMethod): { label: string; value: string }[] {
  return [
    { label: 'Circuito', value: card.brand ?? 'Carta' },
    { label: 'Numero', value: card.maskedPan ?? '—' },
    { label: 'Scadenza', value: card.expiry ?? '—' },
  ];
}

/** The outcome of a legacy boarding, from the page the provider sent the shopper back to (?boarding=ok|ko). */
export function boardingOutcome(search: string): 'ok' | 'ko' | null {
  const value = new URLSearchParams(search).get('boarding');
  return value === 'ok' || value === 'ko' ? value : null;
}

/** The hold explained in one line: total + surcharge% on variable-weight products = amount. */
export function quoteLines(quote: PreauthQuote): { label: string; value: string }[] {
  return [
    { label: 'Totale da pagare', value: formatEuro(quote.totalToPay) },
    ...(quote.variableWeightTotal > 0
      ? [
          {
            label: `Maggiorazione del ${formatPercent(quote.surchargePercent)} sui prodotti a peso variabile (${formatEuro(quote.variableWeightTotal)})`,
            value: formatEuro(quote.surcharge),
          },
        ]
      : []),
    { label: 'Importo pre-autorizzato', value: formatEuro(quote.amount) },
  ];
}

const formatPercent = (percent: number): string => `${formatDecimal(percent, { maximumFractionDigits: 2 })}%`;

/** An order code from the query (?orderCode=), trimmed, or null. */
export function orderCodeOf(search: string): string | null {
  const code = new URLSearchParams(search).get('orderCode')?.trim();
  return code && code.length <= 40 ? code : null;
}
