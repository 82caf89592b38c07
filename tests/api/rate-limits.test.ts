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
    username: `massa${n}@example.it`, password: 'Orecchiette1!',
    profile: { firstName: 'Anna', lastName: 'Rossi', birthDate: '1985-04-12', mobilePhone: '3331234567', ssnCode: 'RSSNNA85D52A662X', cards: [] },
    accept1: true, accept2: true,
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
