// The development outbox reads one address's mail at a time: without to= it
// refuses, and it never shows another address's mail (reset links included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#src/server/mail/mailer.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
  const mailer = createMailer(shop.handle.db, undefined, 'test');
  await mailer.send({
    to: 'anna.outbox@example.it',
    subject: 'Reimposta la password',
    text: 'https://shop.example/reset?token=anna-secret',
  });
  await mailer.send({
    to: 'Bruno.Outbox@example.it',
    subject: 'Reimposta la password',
    text: 'https://shop.example/reset?token=bruno-secret',
  });
});
afterAll(() => shop.close());

describe('GET /dev/outbox', () => {
  for (const path of ['/dev/outbox', '/dev/outbox?to=', '/dev/outbox?to=%20%20']) {
    it(`refuses ${path} with 400 and the envelope, listing no mail`, async () => {
      const { status, body } = await shop.request(path);
      expect(status).toBe(400);
      expect(body.responseCode).toBe(4000);
      expect(body.errorMessage).toBe('Richiesta non valida.');
      expect(JSON.stringify(body)).toMatch(/indirizzo e-mail/);
      expect(body.messages).toBeUndefined();
      expect(JSON.stringify(body)).not.toMatch(/secret/);
    });
  }

  it("answers only the given address's mail", async () => {
    const { status, body } = await shop.request('/dev/outbox?to=anna.outbox%40example.it');
    expect(status).toBe(200);
    expect(body.messages.map((m: { to: string }) => m.to)).toEqual(['anna.outbox@example.it']);
    expect(JSON.stringify(body)).not.toMatch(/bruno/i);
  });

  it('matches the address case-insensitively, still only that one', async () => {
    const { body } = await shop.request('/dev/outbox?to=BRUNO.OUTBOX%40EXAMPLE.IT');
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual([
      'https://shop.example/reset?token=bruno-secret',
    ]);
  });

  it('answers an empty list for an address without mail', async () => {
    const { body } = await shop.request('/dev/outbox?to=nessuno%40example.it');
    expect(body.messages).toEqual([]);
  });
});
