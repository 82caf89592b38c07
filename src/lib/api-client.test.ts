import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { $user, setSession } from '#src/shop/session.store.ts';
import { $toasts } from './toast.store.ts';
import { checkoutCalls, profileCalls } from '#src/shared/contract/calls.generated.ts';
import { ApiError, createApiClient, serverMessageOf } from './api-client.ts';

/** A call whose answer the tests do not look into. */
const anyCall = { method: 'get', path: '/x' } as const;

const shopper = {
  role: 'CUSTOMER' as const,
  profile: {
    id: 7,
    firstName: 'Anna',
    lastName: 'Rossi',
    birthDate: null,
    mobilePhone: '3331234567',
    email: 'anna@example.it',
    ssnCode: null,
    cards: [],
    accept1: true,
    accept2: true,
    accept3: false,
    accept4: false,
  },
};

function clientAnswering(status: number, body: unknown) {
  const seen: Request[] = [];
  const lost: number[] = [];
  const client = createApiClient({
    baseUrl: 'http://shop.test',
    fetch: async (input, init) => {
      seen.push(new Request(input as RequestInfo, init));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
    onSessionLost: (s) => lost.push(s),
  });
  return { client, seen, lost };
}

afterEach(() => {
  $user.set(null);
  $toasts.set([]);
});

describe('api client', () => {
  it('sends no token of its own (the session goes in its HttpOnly cookie) and returns the data as the server sent it', async () => {
    setSession(shopper);
    const { client, seen } = clientAnswering(200, { responseCode: 0, data: shopper.profile });
    await expect(client.data(profileCalls.session)).resolves.toEqual(shopper.profile);
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
    expect(seen[0]!.credentials).toBe('same-origin');
    expect(seen[0]!.url).toBe('http://shop.test/cli/profiles/login');
  });

  it("builds the URL from the call's path parameters and query, and sends its body", async () => {
    const { client, seen } = clientAnswering(200, { responseCode: 0, data: [] });
    await expect(
      client.data(checkoutCalls.slots, { params: { cartId: 12 }, query: { day: '2026-03-02' } }),
    ).resolves.toEqual([]);
    expect(seen[0]!.url).toBe('http://shop.test/cli/ecommerce/slots/12?day=2026-03-02');
    expect(seen[0]!.method).toBe('GET');
    await client.data(checkoutCalls.orders, { query: { s: 5, p: 0 } });
    expect(seen[1]!.url).toBe('http://shop.test/cli/ecommerce/orders?s=5&p=0');
    const { client: poster, seen: posted } = clientAnswering(200, { responseCode: 0, data: null });
    await expect(poster.data(checkoutCalls.abortOrder, { body: { orderId: 3 } })).resolves.toBeNull();
    expect(posted[0]!.method).toBe('POST');
    expect(await posted[0]!.json()).toEqual({ orderId: 3 });
  });

  it("types a call by the contract's schemas: what it takes and the data it answers", () => {
    const { client } = clientAnswering(200, { responseCode: 0, data: [] });
    // @ts-expect-error: the slots of a cart need the cart's id
    expectTypeOf(() => client.data(checkoutCalls.slots)).toBeFunction();
    expectTypeOf(() => client.data(checkoutCalls.orders, { query: { s: 5, p: 0 } }))
      .returns.resolves.toHaveProperty('last')
      .toEqualTypeOf<boolean>();
  });

  it('rejects an answer that is not the envelope with the communication error', async () => {
    const { client } = clientAnswering(200, { nope: true });
    await expect(client.data(anyCall)).rejects.toMatchObject({ message: 'Errore di comunicazione col server' });
  });

  it('turns a business code into the Italian message of the catalogue', async () => {
    const { client } = clientAnswering(200, { responseCode: 4030, errorMessage: 'x' });
    await expect(client.data(anyCall)).rejects.toMatchObject({
      code: 4030,
      message: 'Prodotto non trovato.',
    });
  });

  it("keeps the server's own text beside the catalogue's, for the screens that show it (docs/product.md §8)", async () => {
    const { client } = clientAnswering(200, { responseCode: 13, errorMessage: 'La password attuale non è corretta.' });
    const error = await client.data(anyCall).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 13, message: 'Password non valida' });
    expect(serverMessageOf(error as ApiError)).toBe('La password attuale non è corretta.');
    const { client: bare } = clientAnswering(200, { responseCode: 4030 });
    expect(serverMessageOf((await bare.data(anyCall).catch((e: unknown) => e)) as ApiError)).toBe(
      'Prodotto non trovato.',
    );
  });

  it("uses the server's message for codes outside the catalogue", async () => {
    const { client } = clientAnswering(200, { responseCode: 9999, errorMessage: 'Negozio chiuso per inventario' });
    await expect(client.data(anyCall)).rejects.toMatchObject({
      code: 9999,
      message: 'Negozio chiuso per inventario',
    });
  });

  it('passes 4105 through as a result, not an error', async () => {
    const { client } = clientAnswering(200, { responseCode: 4105, data: { updated: [], removed: [] } });
    await expect(client.call({ method: 'post', path: '/ecommerce/cart/freeze/check' } as const)).resolves.toEqual({
      responseCode: 4105,
      data: { updated: [], removed: [] },
    });
  });

  it('rejects a 400 with the communication error', async () => {
    const { client } = clientAnswering(400, { responseCode: 4000, errorMessage: 'Richiesta non valida.' });
    const error = await client.data(anyCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Errore di comunicazione col server');
  });

  it('says there were too many attempts on 429', async () => {
    const { client } = clientAnswering(429, { responseCode: 4000, errorMessage: 'Troppi tentativi.' });
    await expect(
      client.data(profileCalls.login, { body: { username: 'anna@example.it', password: 'x' } }),
    ).rejects.toMatchObject({
      status: 429,
      message: 'Troppi tentativi. Riprova tra qualche minuto.',
    });
  });

  it('on 401 clears the session, says it expired and goes home', async () => {
    setSession(shopper);
    const { client, lost } = clientAnswering(401, { responseCode: 4000, errorMessage: 'Accesso richiesto.' });
    await expect(client.data(anyCall)).rejects.toBeInstanceOf(ApiError);
    expect($user.get()).toBeNull();
    expect($toasts.get().map((t) => t.message)).toEqual(['Sessione scaduta, effettua di nuovo il login.']);
    expect(lost).toEqual([401]);
  });

  it('on 403 clears the session and goes home without the expiry toast', async () => {
    setSession(shopper);
    const { client, lost } = clientAnswering(403, { responseCode: 4000, errorMessage: 'no' });
    await expect(client.data(anyCall)).rejects.toBeInstanceOf(ApiError);
    expect($user.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
    expect(lost).toEqual([403]);
  });
});
