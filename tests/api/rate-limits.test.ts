// Attempt limits per address cannot be dodged with a forged X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
});
afterAll(() => shop.close());

const signup = (n: number) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.0.${n}.1` },
  body: JSON.stringify({
    username: `massa${n}@example.it`,
    password: 'Orecchiette1!',
    profile: {
      firstName: 'Anna',
      lastName: 'Rossi',
      birthDate: '1985-04-12',
      mobilePhone: '3331234567',
      ssnCode: 'RSSNNA85D52A662X',
      cards: [],
    },
    accept1: true,
    accept2: true,
  }),
});

describe('signup limit per address', () => {
  it('refuses the 21st signup within the hour from one address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) statuses.push((await shop.request('/cli/profiles/signup', signup(n))).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('password guessing cannot lock the customer out', () => {
  let proxied: Awaited<ReturnType<typeof createTestShop>>;
  beforeAll(async () => {
    // Behind a trusted load balancer every request names its client's address.
    proxied = await createTestShop({ products: 50, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => proxied.close());

  const login = (password: string, address: string, cookie?: string) =>
    proxied.request('/cli/profiles/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': address,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify({ username: 'vittima@example.it', password }),
    });

  it("refuses an attacker's address with 429 while the owner's browser still logs in at once", async () => {
    const { shopper } = await import('./shoppers.ts');
    await shopper(proxied, 'vittima@example.it');
    // The owner's browser logged in before: it holds the signed device cookie.
    const owner = await proxied.app.request('/cli/profiles/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.10' },
      body: JSON.stringify({ username: 'vittima@example.it', password: 'Orecchiette1!' }),
    });
    const device = /spesa_device=[^;]+/.exec(owner.headers.get('set-cookie') ?? '')?.[0];
    expect(device).toBeDefined();
    expect(owner.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    // One attacker address: eight wrong guesses, then 429 for that address.
    const fromOne: number[] = [];
    for (let i = 0; i < 9; i++) fromOne.push((await login(`Sbagliata${i}!a`, '203.0.113.1')).status);
    expect(fromOne.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(fromOne[8]).toBe(429);
    // More guesses from other addresses: never 429 for them, but the account slows down.
    for (let i = 0; i < 4; i++)
      expect((await login(`Sbagliata${i}!b`, `203.0.113.${i + 2}`)).body.responseCode).toBe(1);

    // The owner's browser: the right password works at once, from a new address too.
    let t = performance.now();
    const known = await login('Orecchiette1!', '198.51.100.7', device);
    const knownMs = performance.now() - t;
    expect(known.status).toBe(200);
    expect(known.body.responseCode).toBe(0);
    // Another browser without the cookie, with the right password: let in, after a pause (never 429).
    // (The owner's log-in started the account's count afresh: twelve more guesses.)
    for (let i = 0; i < 12; i++) await login(`Sbagliata${i}!c`, `203.0.114.${i}`);
    t = performance.now();
    const stranger = await login('Orecchiette1!', '198.51.100.8');
    const strangerMs = performance.now() - t;
    expect(stranger.status).toBe(200);
    expect(stranger.body.responseCode).toBe(0);
    expect(strangerMs).toBeGreaterThanOrEqual(2_000);
    expect(knownMs).toBeLessThan(2_000);
  });

  it('does not take a device cookie signed for another account or tampered with', async () => {
    const forged = `spesa_device=${Buffer.from('vittima@example.it').toString('base64url')}.9999999999.AAAA`;
    for (let i = 0; i < 12; i++) await login(`Sbagliata${i}!d`, `203.0.115.${i}`);
    const t = performance.now();
    await login('Orecchiette1!', '198.51.100.9', forged);
    expect(performance.now() - t).toBeGreaterThanOrEqual(2_000);
  });
});
