// The links in the shop's mail (confirmation, password reset) lead back to the
// address the shopper uses: PUBLIC_URL when set, otherwise (outside
// production, which requires PUBLIC_URL) the address the request came to.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '#src/server/server.ts';
import { createTestShop, type TestShop } from './harness.ts';

const signupBody = (username: string) => ({
  username,
  password: 'Orecchiette1!',
  passwordConfirm: 'Orecchiette1!',
  profile: {
    firstName: 'Anna',
    lastName: 'Rossi',
    birthDate: '1985-04-12',
    mobilePhone: '3331234567',
    email: username,
    ssnCode: 'RSSNNA85D52A662X',
    cards: [],
  },
  accept1: true,
  accept2: true,
  accept3: false,
  accept4: false,
});
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function mailLink(to: string): Promise<URL> {
  const { body } = await shop!.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return new URL(/(http\S+)/.exec(body.messages[0].text as string)![1]!);
}

/** A POST over a real socket with the Host header given (as a browser sends the address it called). */
function postWithHost(port: number, host: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { Host: host, 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('without PUBLIC_URL (development)', () => {
  it('the confirmation link uses the origin the signup was sent to', async () => {
    shop = await createTestShop({ products: 50, env: { PUBLIC_URL: '' } });
    const { body } = await shop.request(
      'http://127.0.0.1:4999/cli/profiles/signup',
      post(signupBody('origine@example.it')),
    );
    expect(body.responseCode).toBe(0);
    const link = await mailLink('origine@example.it');
    expect(link.origin).toBe('http://127.0.0.1:4999');
    expect(link.pathname).toBe('/cli/profiles/confirm');
  });

  it('the confirmation and reset links follow the Host header of a real request', async () => {
    shop = await createTestShop({ products: 50, env: { PUBLIC_URL: '' } });
    const server = await listen(shop.app.fetch, 0, '127.0.0.1');
    try {
      const port = Number(new URL(server.url).port);
      expect(
        await postWithHost(port, 'spesa-casa.lan:8080', '/cli/profiles/signup', signupBody('host@example.it')),
      ).toBe(200);
      const confirm = await mailLink('host@example.it');
      expect(confirm.origin).toBe('http://spesa-casa.lan:8080');
      await shop.request(`${confirm.pathname}${confirm.search}`);
      expect(
        await postWithHost(port, '192.168.1.20:4321', '/cli/profiles/password', { email: 'host@example.it' }),
      ).toBe(200);
      const { body } = await shop.request(`/dev/outbox?to=${encodeURIComponent('host@example.it')}`);
      const reset = new URL(
        /(http\S+)/.exec(
          body.messages.find((m: { text: string }) => m.text.includes('/app/reset/password')).text as string,
        )![1]!,
      );
      expect(reset.origin).toBe('http://192.168.1.20:4321');
      expect(reset.pathname).toBe('/app/reset/password');
    } finally {
      await server.close();
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('every link uses PUBLIC_URL whatever address the request came to', async () => {
    shop = await createTestShop({ products: 50, env: { PUBLIC_URL: 'https://spesa.example.it' } });
    expect(
      (await shop.request('http://127.0.0.1:4999/cli/profiles/signup', post(signupBody('pubblico@example.it')))).body
        .responseCode,
    ).toBe(0);
    const confirm = await mailLink('pubblico@example.it');
    expect(confirm.origin).toBe('https://spesa.example.it');
    await shop.request(`${confirm.pathname}${confirm.search}`);
    expect(
      (await shop.request('http://10.0.0.9:8080/cli/profiles/password', post({ email: 'pubblico@example.it' }))).body
        .responseCode,
    ).toBe(0);
    const { body } = await shop.request(`/dev/outbox?to=${encodeURIComponent('pubblico@example.it')}`);
    expect(
      body.messages
        .map((m: { text: string }) => /(http\S+)/.exec(m.text)![1]!.startsWith('https://spesa.example.it/'))
        .every(Boolean),
    ).toBe(true);
    expect(body.messages).toHaveLength(2);
  });
});
