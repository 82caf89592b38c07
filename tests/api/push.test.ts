// Web Push of the order lifecycle, through a push service run here (HTTPS on
// loopback with a certificate made here): a shopper's device subscribes with keys
// made here as a browser makes them (a P-256 key pair and a 16-byte secret); the
// store's step queues a push with its mail; the queue sends it through web-push,
// and the push service receives a body it decrypts with the device's keys
// (aes128gcm, RFC 8188 and RFC 8291, written out below with node:crypto) and a
// VAPID header whose token verifies against the shop's public key (RFC 8292). A
// 410 removes the device, a 500 or a service that is down is tried again later
// and nothing is lost, and logging out ends the devices of that session.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '#src/server/services/operators.ts';
import { deliverDuePushes, startPushWorker } from '#src/server/push/queue.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { loadConfig } from '#src/server/config.ts';
import { createTestShop } from './harness.ts';
import { selfSigned } from './self-signed.ts';
import { bookOrder, plainPiece, post, shopper } from './shoppers.ts';

const tls = selfSigned('localhost');
/** The queue's requests trust the push service's certificate, and only it. */
const transport = { agent: new Agent({ ca: tls.cert }) };

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The push service: records each request, and answers each path's next status (201 when none is set). */
function pushService() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? '')?.shift() ?? 201).end();
    });
  });
  return {
    received,
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    listen: () => new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done())),
    get origin() {
      return `https://localhost:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A browser's push subscription: its P-256 key pair and auth secret, and what it sends the shop. */
function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    publicKey,
    auth,
    endpoint,
    subscription: { endpoint, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } },
  };
}

/**
 * Decrypts a Web Push body (RFC 8291 over RFC 8188's aes128gcm) with the device's keys:
 * the header (salt, record size, the sender's public key), the key and nonce made from
 * the ECDH secret and the auth secret, then the one record and its padding.
 */
function decrypt(body: Buffer, d: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = d.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end], 'the last record delimiter').toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header's token and key (RFC 8292: `vapid t=<JWT>, k=<public key>`), the token verified with the key. */
function verifiedVapid(header: string | string[] | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(header));
  expect(match, 'a vapid Authorization header').not.toBeNull();
  const [, token, key] = match!;
  const [head, claims, signature] = token!.split('.') as [string, string, string];
  const point = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    key: key!,
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

const service = pushService();
let shop: Awaited<ReturnType<typeof createTestShop>>;
let piece: { barcode: string; id: number };
let operator: string;
const env = { PUSH_SERVICE_HOSTS: 'localhost' };
const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });

beforeAll(async () => {
  await service.listen();
  shop = await createTestShop({ products: 200, env });
  piece = await plainPiece(shop);
  await createOperator(shop.handle.db, {
    email: 'spinte@coop.example.it',
    password: 'Cassa2026!',
    storeId: 1109,
    firstName: 'Gino',
    lastName: 'Cassa',
  });
  operator = (
    await shop.request('/cli/profiles/login', post({ username: 'spinte@coop.example.it', password: 'Cassa2026!' }))
  ).body.data.jwt;
});
afterAll(async () => {
  await shop.close();
  await service.close();
});

const subscribe = (token: string, d: ReturnType<typeof device>) =>
  shop.request('/cli/notifications/push/subscribe', post(d.subscription, token));

/** Books an order for the shopper and has the store confirm it: the step that notifies them. */
async function confirmedOrder(token: string, email: string) {
  const { orderId, number } = await bookOrder(shop, token, { email, rows: [{ barcode: piece.barcode, amount: 12 }] });
  const confirmed = await shop.request(`/cli/ops/orders/${orderId}/confirm`, post({ rows: [] }, operator));
  expect(confirmed.body.responseCode).toBe(0);
  return { orderId, number };
}

const queued = () => shop.handle.db.selectFrom('push_queue').selectAll().execute();
const devicesOf = (endpoint: string) =>
  shop.handle.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();

describe('the shop key', () => {
  it('is public, the same on every call, and made once outside production (kept in the database)', async () => {
    const first = await shop.request('/cli/notifications/push/key');
    const second = await shop.request('/cli/notifications/push/key');
    expect(first.body.responseCode).toBe(0);
    expect(first.body.data.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(second.body.data.publicKey).toBe(first.body.data.publicKey);
    const stored = await shop.handle.db
      .selectFrom('app_secrets')
      .select('value')
      .where('key', '=', 'vapid')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first.body.data.publicKey);
  });
});

describe('a push of the order lifecycle', () => {
  it('reaches the push service encrypted for the device, signed with the shop key', async () => {
    const email = 'spinta@example.it';
    const token = await shopper(shop, email);
    const phone = device(`${service.origin}/push/telefono`);
    expect((await subscribe(token, phone)).body).toEqual({ responseCode: 0, data: null });

    const { number } = await confirmedOrder(token, email);
    expect(await queued()).toHaveLength(1);
    expect(await deliverDuePushes(shop.handle.db, config, transport)).toBe(1);

    const [got] = service.received.filter((r) => r.path === '/push/telefono');
    expect(got).toBeDefined();
    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    expect(got!.headers['ttl']).toBe('86400');
    expect(got!.headers['urgency']).toBe('high');
    expect(got!.headers['topic']).toBe(`ordine-${number}`);
    const message = JSON.parse(decrypt(got!.body, phone));
    expect(message).toEqual({
      title: expect.stringMatching(/^(Disponibilità confermata|Ordine in preparazione)$/),
      body: expect.stringContaining(number),
      url: '/app/profile/orders',
      tag: `ordine-${number}`,
    });
    expect(message.body).not.toContain('€');

    const vapid = verifiedVapid(got!.headers['authorization']);
    const key = (await shop.request('/cli/notifications/push/key')).body.data.publicKey;
    expect(vapid.valid, 'the token verifies with the public key it names').toBe(true);
    expect(vapid.key).toBe(key);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(service.origin);
    expect(vapid.claims.sub).toMatch(/^mailto:/);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    // A push taken by the service is done: nothing of it stays queued.
    expect(await queued()).toHaveLength(0);
  });

  it('goes to every device of the shopper, and a shopper without a device gets none', async () => {
    const email = 'due-dispositivi@example.it';
    const token = await shopper(shop, email);
    const phone = device(`${service.origin}/push/due-telefono`);
    const laptop = device(`${service.origin}/push/due-portatile`);
    await subscribe(token, phone);
    await subscribe(token, laptop);
    await confirmedOrder(token, email);
    await confirmedOrder(await shopper(shop, 'senza-dispositivi@example.it'), 'senza-dispositivi@example.it');
    expect(await queued()).toHaveLength(2);
    await deliverDuePushes(shop.handle.db, config, transport);
    const paths = service.received.map((r) => r.path);
    expect(paths).toContain('/push/due-telefono');
    expect(paths).toContain('/push/due-portatile');
    const laptopBody = service.received.find((r) => r.path === '/push/due-portatile')!.body;
    expect(JSON.parse(decrypt(laptopBody, laptop)).url).toBe('/app/profile/orders');
  });
});

describe('the worker of each API process', () => {
  it('sends a push soon after the change that queued it commits, woken by the order change it hears', async () => {
    const email = 'subito@example.it';
    const token = await shopper(shop, email);
    const phone = device(`${service.origin}/push/subito`);
    await subscribe(token, phone);
    const orderEvents = createOrderEventHub(shop.handle);
    // Its own sweep would come only in a minute: the store's step must wake it.
    const worker = startPushWorker(shop.handle.db, config, { orderEvents, transport, intervalMs: 60_000 });
    try {
      await orderEvents.listening();
      const { number } = await confirmedOrder(token, email);
      await expect
        .poll(() => service.received.filter((r) => r.path === '/push/subito').length, { timeout: 10_000 })
        .toBe(1);
      const got = service.received.find((r) => r.path === '/push/subito')!;
      expect(JSON.parse(decrypt(got.body, phone)).body).toContain(number);
      await expect.poll(async () => (await queued()).length).toBe(0);
    } finally {
      await worker.stop();
      await orderEvents.close();
    }
  });
});

describe('a push service that answers otherwise', () => {
  it('410: the device is removed, with its queued pushes', async () => {
    const email = 'disiscritta@example.it';
    const token = await shopper(shop, email);
    const gone = device(`${service.origin}/push/scaduta`);
    await subscribe(token, gone);
    service.answer('/push/scaduta', 410);
    await confirmedOrder(token, email);
    await deliverDuePushes(shop.handle.db, config, transport);
    expect(await devicesOf(gone.endpoint)).toHaveLength(0);
    expect(await queued()).toHaveLength(0);
  });

  it('404: the device is removed too', async () => {
    const email = 'sconosciuta@example.it';
    const token = await shopper(shop, email);
    const unknown = device(`${service.origin}/push/sconosciuta`);
    await subscribe(token, unknown);
    service.answer('/push/sconosciuta', 404);
    await confirmedOrder(token, email);
    await deliverDuePushes(shop.handle.db, config, transport);
    expect(await devicesOf(unknown.endpoint)).toHaveLength(0);
  });

  it('500, then a service that is down: the push is tried again later and arrives whole', async () => {
    const email = 'riprovata@example.it';
    const token = await shopper(shop, email);
    const phone = device(`${service.origin}/push/riprova`);
    await subscribe(token, phone);
    service.answer('/push/riprova', 500);
    const { number } = await confirmedOrder(token, email);
    const start = Date.now();
    await deliverDuePushes(shop.handle.db, config, transport, new Date(start));
    let [row] = await queued();
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('500') });
    expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(start + 29_000);
    // Not due yet: nothing is sent.
    expect(await deliverDuePushes(shop.handle.db, config, transport, new Date(start + 1_000))).toBe(0);

    // The service is out of reach (nothing listens there): the attempt fails without an answer.
    const down = { ...phone.subscription, endpoint: 'https://localhost:9/push/riprova' };
    await shop.handle.db
      .updateTable('push_subscriptions')
      .set({ endpoint: down.endpoint })
      .where('endpoint', '=', phone.endpoint)
      .execute();
    await deliverDuePushes(shop.handle.db, config, transport, new Date(start + 31_000));
    [row] = await queued();
    expect(row).toMatchObject({ attempts: 2 });
    expect(await devicesOf(down.endpoint)).toHaveLength(1);

    // Back up: the same push arrives, whole.
    await shop.handle.db
      .updateTable('push_subscriptions')
      .set({ endpoint: phone.endpoint })
      .where('endpoint', '=', down.endpoint)
      .execute();
    expect(await deliverDuePushes(shop.handle.db, config, transport, new Date(start + 10 * 60_000))).toBe(1);
    const sent = service.received.filter((r) => r.path === '/push/riprova');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(decrypt(sent[1]!.body, phone)).body).toContain(number);
    expect(await queued()).toHaveLength(0);
  });
});

describe('subscribing and unsubscribing', () => {
  it('logout ends the devices of that session; the other sessions keep theirs', async () => {
    const email = 'uscita@example.it';
    const first = await shopper(shop, email);
    const second = (await shop.request('/cli/profiles/login', post({ username: email, password: 'Orecchiette1!' })))
      .body.data.jwt as string;
    const phone = device(`${service.origin}/push/uscita-telefono`);
    const laptop = device(`${service.origin}/push/uscita-portatile`);
    await subscribe(first, phone);
    await subscribe(second, laptop);

    expect((await shop.request('/cli/profiles/logout', post({}, first))).body.responseCode).toBe(0);
    expect(await devicesOf(phone.endpoint)).toHaveLength(0);
    expect(await devicesOf(laptop.endpoint)).toHaveLength(1);

    await confirmedOrder(second, email);
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subscription_id).toBe((await devicesOf(laptop.endpoint))[0]!.id);
    await deliverDuePushes(shop.handle.db, config, transport);
  });

  it("unsubscribe turns this device off; another customer's device stays", async () => {
    const owner = await shopper(shop, 'proprietaria@example.it');
    const other = await shopper(shop, 'altra@example.it');
    const phone = device(`${service.origin}/push/proprietaria`);
    await subscribe(owner, phone);
    const body = { endpoint: phone.endpoint };
    expect((await shop.request('/cli/notifications/push/unsubscribe', post(body, other))).body.responseCode).toBe(0);
    expect(await devicesOf(phone.endpoint)).toHaveLength(1);
    expect((await shop.request('/cli/notifications/push/unsubscribe', post(body, owner))).body.responseCode).toBe(0);
    expect(await devicesOf(phone.endpoint)).toHaveLength(0);
  });

  it('the same device subscribing again keeps one row, now of the account and session that subscribed last', async () => {
    const first = await shopper(shop, 'prima@example.it');
    const second = await shopper(shop, 'seconda@example.it');
    const shared = device(`${service.origin}/push/condiviso`);
    await subscribe(first, shared);
    await subscribe(second, shared);
    const rows = await devicesOf(shared.endpoint);
    expect(rows).toHaveLength(1);
    const owner = await shop.handle.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', rows[0]!.user_id)
      .executeTakeFirstOrThrow();
    expect(owner.username).toBe('seconda@example.it');
  });

  it('is refused without a login, and for an endpoint that is not a known push service', async () => {
    const token = await shopper(shop, 'rifiutata@example.it');
    const d = device(`${service.origin}/push/rifiutata`);
    expect((await shop.request('/cli/notifications/push/subscribe', post(d.subscription))).status).toBe(401);
    for (const endpoint of ['https://intranet.example.it/push/1', 'http://localhost/push/1', 'non un indirizzo']) {
      const refused = await shop.request(
        '/cli/notifications/push/subscribe',
        post({ ...d.subscription, endpoint }, token),
      );
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.responseCode).toBe(4000);
    }
    const badKey = { ...d.subscription, keys: { ...d.subscription.keys, auth: 'corto' } };
    expect((await shop.request('/cli/notifications/push/subscribe', post(badKey, token))).status).toBe(400);
    expect(await devicesOf(d.endpoint)).toHaveLength(0);
  });
});
