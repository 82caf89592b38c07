// The first things a logged-in shopper's page needs from the API are the
// current cart (the header's total; the cart and checkout pages) and the
// header's first slot. With a stored session the page's first inline script
// (BaseLayout.astro, in <head>) asks for both while the HTML is still being
// read, before any module, island, the API client or its schemas have
// loaded; the cart store and the header take these answers as their first
// ones (each validated where it is read), and every later call asks again.
type EarlyCall = 'cart' | 'slot';

interface EarlyCalls {
  /** Whose session asked (a renewed token is still the same shopper's). */
  customer: number;
  cart?: Promise<Response>;
  slot?: Promise<Response>;
}

declare global {
  interface Window {
    /** Set by the inline script in BaseLayout's <head>. */
    __spesaEarly?: EarlyCalls;
  }
}

/** The early answer to this call for this shopper, once; null when there is none. */
export function takeEarly(call: EarlyCall, customer: number): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__spesaEarly;
  if (!early || early.customer !== customer) return null;
  const answer = early[call] ?? null;
  delete early[call];
  return answer;
}
