// Safe defaults: outside production the shop listens on loopback unless HOST
// says otherwise; production refuses to start with anything only development
// may expose (the mail outbox, the payment sandbox, the demo operators).
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import webPush from 'web-push';
import { buildTarget, developmentWarning, loadConfig, siteDir, siteSettings } from './config.ts';
import { defaultPoolSize } from './db/client.ts';

const vapid = webPush.generateVAPIDKeys();

// Settings a real production shop has: an SMTP server, the card providers and its Web Push key pair.
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://spesa.example.it',
  SMTP_URL: 'smtp://mail.example.it:587',
  XPAY_URL: 'https://xpay.example.it',
  XPAY_ALIAS: 'alias',
  XPAY_MAC_KEY: 'a-mac-key-of-16-chars',
  IPG_URL: 'https://ipg.example.it',
  IPG_STORENAME: 'store',
  IPG_SHARED_SECRET: 'a-shared-secret',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:tecnico@spesa.example.it',
};

describe('HOST', () => {
  it('defaults to loopback in development and under test', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
  });

  it('is what HOST says when set, and every interface by default in production', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });
});

describe('production', () => {
  it('starts with SMTP and the card providers set', () => {
    const config = loadConfig(production);
    expect(config.payments.sandbox).toBe(false);
    expect(developmentWarning(config)).toBeNull();
  });

  it('refuses to start with the mail outbox on (SMTP_URL unset)', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: required in production/);
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('refuses to start without PUBLIC_URL (mailed links never come from a Host header there)', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: required in production/);
  });

  it('refuses to start with the payment sandbox on', () => {
    expect(() => loadConfig({ ...production, PAYMENT_SANDBOX: 'on' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('refuses a demo operator password (demo operators are never created there)', () => {
    expect(() => loadConfig({ ...production, DEMO_OPERATOR_PASSWORD: 'Operatore-2026' })).toThrow(
      /DEMO_OPERATOR_PASSWORD/,
    );
  });

  it('refuses to start without its Web Push key pair and contact (made on first start only outside production)', () => {
    for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
      expect(() => loadConfig({ ...production, [key]: undefined })).toThrow(
        new RegExp(`${key}: required in production`),
      );
    expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
  });

  it("refuses to accept a mail server's unverified certificate, which development and tests may", () => {
    expect(() => loadConfig({ ...production, SMTP_TLS_REJECT_UNAUTHORIZED: 'false' })).toThrow(
      /SMTP_TLS_REJECT_UNAUTHORIZED/,
    );
    expect(loadConfig(production).SMTP_TLS_REJECT_UNAUTHORIZED).toBe(true);
    expect(loadConfig({ SMTP_TLS_REJECT_UNAUTHORIZED: 'false' }).SMTP_TLS_REJECT_UNAUTHORIZED).toBe(false);
  });
});

describe('Web Push settings', () => {
  it('takes a key pair whose halves belong together, and a mailto: or https: contact', () => {
    const given = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
    expect(loadConfig(given).VAPID_PUBLIC_KEY).toBe(vapid.publicKey);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY: set both/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(/VAPID_PUBLIC_KEY: set both/);
    const other = webPush.generateVAPIDKeys();
    expect(() => loadConfig({ ...given, VAPID_PUBLIC_KEY: other.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...given, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(loadConfig({ VAPID_SUBJECT: 'https://spesa.example.it' }).VAPID_SUBJECT).toBe('https://spesa.example.it');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://spesa.example.it' })).toThrow(/VAPID_SUBJECT/);
  });

  it("sends to the browsers' push services by default, or to the hosts PUSH_SERVICE_HOSTS names", () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'push.services.mozilla.com',
      'notify.windows.com',
      'push.apple.com',
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.it, localhost' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.example.it',
      'localhost',
    ]);
  });
});

describe('operations settings', () => {
  it('logs at info, waits 10 s for the mail server and has no metrics by default', () => {
    const config = loadConfig({});
    expect([config.LOG_LEVEL, config.SMTP_TIMEOUT_SECONDS, config.METRICS_TOKEN]).toEqual(['info', 10, undefined]);
  });

  it('refuses an unknown log level and a short metrics token', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('the development warning', () => {
  it('lists the outbox, the sandbox and the demo operators with their password', () => {
    const warning = developmentWarning(loadConfig({ DEMO_OPERATOR_PASSWORD: 'Negozio.Bari1' }))!;
    expect(warning).toMatch(/WARNING: development mode/);
    expect(warning).toMatch(/127\.0\.0\.1/);
    expect(warning).toMatch(/\/dev\/outbox/);
    expect(warning).toMatch(/sandbox/);
    expect(warning).toMatch(/operatore\.<store id>@spesaonline\.local.*Negozio\.Bari1/);
  });

  it('leaves out the outbox when SMTP_URL is set', () => {
    const warning = developmentWarning(loadConfig({ SMTP_URL: 'smtp://localhost:1025' }))!;
    expect(warning).not.toMatch(/outbox/);
    expect(warning).toMatch(/sandbox/);
  });
});

describe('settings read outside the server process', () => {
  it('gives the static build its flags, tiles and accessibility contact, with defaults, and refuses a bad address', () => {
    expect(siteSettings({})).toMatchObject({
      ENABLED_PAYMENTS: false,
      TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ACCESSIBILITY_EMAIL: 'accessibilita@spesaonline.example',
    });
    expect(siteSettings({ ACCESSIBILITY_EMAIL: 'a11y@coop.example', ENABLED_PAYMENTS: 'true' })).toMatchObject({
      ACCESSIBILITY_EMAIL: 'a11y@coop.example',
      ENABLED_PAYMENTS: true,
    });
    expect(() => siteSettings({ ACCESSIBILITY_EMAIL: 'not an address' })).toThrow(/ACCESSIBILITY_EMAIL/);
  });

  it('places the site and the build where the environment says, dist by default', () => {
    expect(siteDir({})).toBe('dist');
    expect(siteDir({ SITE_DIR: 'dist-e2e' })).toBe('dist-e2e');
    expect(buildTarget({ SPESA_API_URL: 'http://127.0.0.1:5555' })).toEqual({
      SPESA_API_URL: 'http://127.0.0.1:5555',
      SPESA_OUT_DIR: './dist',
    });
    expect(() => buildTarget({ SPESA_API_URL: 'nowhere' })).toThrow(/SPESA_API_URL/);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is the number set, unset by default (twice the cores, at least 4), and refuses what is not a count', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).DATABASE_POOL_SIZE).toBe(6);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    // Unset, the pool has twice the cores: never fewer than 4, whatever the machine.
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(2 * availableParallelism());
    for (const bad of ['0', 'tanti', '2.5'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
