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

/**
 * The early answer's body for a first view drawn before the API client loads
 * (src/shop/first-view.ts), without taking the answer: whoever takes it later
 * gets its own copy. Null when there is none or it cannot be read.
 */
export function peekEarly(call: EarlyCall, customer: number): Promise<unknown> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__spesaEarly;
  const answer = early && early.customer === customer ? early[call] : undefined;
  if (!early || !answer) return null;
  // Copied before this reader reads it: callbacks run in the order they were added.
  const copy = answer.then((response) => response.clone());
  copy.catch(() => undefined);
  early[call] = copy;
  return answer.then((response) => (response.ok ? response.json() : null)).catch(() => null);
}
