// The first thing a logged-in shopper's page needs from the API is the current
// cart (the header's total; the cart and checkout pages): with a stored
// session it is asked as the page starts, by the header's small script,
// instead of after the islands, the API client and its schemas have loaded.
// The cart store reads this answer as its first load, validated there like
// any other; every later load asks again.
import { $user } from './session.store.ts';

let early: { jwt: string; response: Promise<Response> } | null = null;

export function askCartEarly(): void {
  const jwt = $user.get()?.jwt;
  if (!jwt) return;
  const response = fetch(`${window.location.origin}/cli/ecommerce/cart/current`, {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  // A failure is the cart store's to report, when it reads the answer.
  response.catch(() => undefined);
  early = { jwt, response };
}

/** The early answer for this session's token, once; null when there is none. */
export function takeEarlyCart(jwt: string): Promise<Response> | null {
  const taken = early?.jwt === jwt ? early.response : null;
  early = null;
  return taken;
}
