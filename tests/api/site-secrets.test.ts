// No secret in the built site (security). A small site (60 products)
// is built from the real API the way the shop builds it — started from this
// process, whose environment holds the server's secrets — with a recognisable
// value in every secret: JWT_SECRET, DATABASE_URL, SMTP_URL, the payment
// providers' XPAY_MAC_KEY and IPG_SHARED_SECRET, the demo operators'
// password, and the generated values kept in app_secrets. Every file of the
// site is then scanned for them and for the usual shapes of a leak.
// On the PostgreSQL lane (npm run test:pg) DATABASE_URL is the real server's.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '#src/server/auth/session-token.ts';
import { catalogueVersion } from '#src/server/catalogue-version.ts';
import { listen, type RunningServer } from '#src/server/server.ts';
import { buildSite } from '#src/server/site/build-site.ts';
import { createTestShop } from './harness.ts';

const mark = (name: string) => `${name}-${randomBytes(9).toString('base64url')}`;
const secrets: Record<string, string> = {
  JWT_SECRET: mark('jwt-secret-canary-0123456789abcdef'),
  SMTP_URL: `smtp://mailer:${mark('smtp-canary')}@smtp.example.internal:587`,
  XPAY_MAC_KEY: mark('xpay-mac-key-canary'),
  IPG_SHARED_SECRET: mark('ipg-shared-secret-canary'),
  DEMO_OPERATOR_PASSWORD: `Op-${mark('canary')}1!`,
};
const secretEnv = {
  ...secrets,
  PAYMENT_SANDBOX: 'off',
  XPAY_URL: 'https://xpay.example.internal',
  XPAY_ALIAS: 'ALIAS_CANARY',
  IPG_URL: 'https://ipg.example.internal',
  IPG_STORENAME: '1109000099',
};
/** Shapes no file of a public site should hold. */
const patterns: [string, RegExp][] = [
  ['a PEM key or certificate', /-----BEGIN/],
  ['a database URL', /postgres(ql)?:\/\/[^\s"'`]*@/],
  ['an SMTP URL with credentials', /smtps?:\/\/[^\s"'`/]+:[^\s"'`/]+@/],
  ['a password hash column', /password_hash/],
  ['an argon2 hash', /\$argon2(id|i|d)\$/],
];

let shop: Awaited<ReturnType<typeof createTestShop>>;
let api: RunningServer;
let outDir: string;
const saved: Record<string, string | undefined> = {};
let buildSeconds = 0;

beforeAll(async () => {
  for (const key of [...Object.keys(secretEnv), 'DATABASE_URL']) saved[key] = process.env[key];
  Object.assign(process.env, secretEnv);
  shop = await createTestShop({ products: 60 });
  // A shop without JWT_SECRET keeps a generated key in app_secrets: make one, to look for it.
  await sessionKey(shop.handle.db, undefined);
  // PGlite here has no URL: give the environment one to look for, as a server shop would have.
  secrets['DATABASE_URL'] =
    process.env['DATABASE_URL'] ?? `postgres://spesa:${mark('db-password-canary')}@db.example.internal:5432/spesa`;
  process.env['DATABASE_URL'] = secrets['DATABASE_URL'];
  for (const row of await shop.handle.db.selectFrom('app_secrets').select(['key', 'value']).execute())
    secrets[`app_secrets.${row.key}`] = row.value;
  api = await listen(shop.app.fetch, 0, '127.0.0.1');
  outDir = await mkdtemp(join(tmpdir(), 'spesa-site-secrets-'));
  const started = Date.now();
  await buildSite({ apiUrl: api.url, catalogueVersion: await catalogueVersion(shop.handle.db), outDir });
  buildSeconds = (Date.now() - started) / 1000;
}, 300_000);

afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await api?.close();
  await shop?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function siteFiles(): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the built site', () => {
  it('holds none of the server secrets, the generated app secrets or a leak-shaped string, in any file', async () => {
    const files = await siteFiles();
    expect(files.filter((f) => f.endsWith('.html')).length, 'pages built').toBeGreaterThan(60);
    expect(
      files.some((f) => f.endsWith('.js')),
      'scripts built',
    ).toBe(true);
    expect(Object.keys(secrets)).toEqual(
      expect.arrayContaining([
        'JWT_SECRET',
        'DATABASE_URL',
        'SMTP_URL',
        'XPAY_MAC_KEY',
        'IPG_SHARED_SECRET',
        'app_secrets.jwt',
      ]),
    );
    const found: string[] = [];
    for (const file of files) {
      // latin1 keeps every byte, so binary files (images, the search index) are scanned too.
      const text = (await readFile(file)).toString('latin1');
      const name = file.slice(outDir.length + 1);
      for (const [key, value] of Object.entries(secrets)) if (text.includes(value)) found.push(`${name}: ${key}`);
      for (const [what, pattern] of patterns)
        if (pattern.test(text)) found.push(`${name}: ${what} (${pattern.exec(text)![0].slice(0, 40)})`);
    }
    expect(found).toEqual([]);
    console.log(`[site-secrets] ${files.length} files scanned; build took ${buildSeconds.toFixed(1)} s`);
  });
});
