// The build process sees only what a public site may hold: the browser's
// feature flags and map tiles, the API to read, the system's basics; none of
// the server's secrets, even when this process has them all.
import { describe, expect, it } from 'vitest';
import { buildEnvironment } from './build-site.ts';
import { siteSettings } from '../config.ts';
import { changedSettings, isSiteSource } from './site-paths.ts';

describe('the environment of the build process', () => {
  it('passes the flags, the tiles, the accessibility contact and the API address, and no secret', () => {
    const env = buildEnvironment('http://127.0.0.1:5555', {
      PATH: '/usr/bin',
      JWT_SECRET: 'jwt-secret-canary',
      DATABASE_URL: 'postgres://u:p@db/spesa',
      SMTP_URL: 'smtp://u:p@mail',
      XPAY_MAC_KEY: 'mac-canary',
      IPG_SHARED_SECRET: 'ipg-canary',
      DEMO_OPERATOR_PASSWORD: 'Op-canary-1!',
      SHOW_CART_UPDATE: 'true',
      TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      ACCESSIBILITY_EMAIL: 'a11y@coop.example',
    });
    expect(env).toMatchObject({
      ACCESSIBILITY_EMAIL: 'a11y@coop.example',
      PATH: '/usr/bin',
      SPESA_API_URL: 'http://127.0.0.1:5555',
      SHOW_CART_UPDATE: 'true',
      TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    expect(Object.values(env).join('\n')).not.toMatch(/canary|postgres:|smtp:/);
  });
});

describe('the settings baked into a build', () => {
  it('names the flag that differs from the built site, and none when all are the same', () => {
    const built = siteSettings({ ENABLED_PAYMENTS: 'false' });
    expect(changedSettings(built, siteSettings({}))).toBeNull();
    expect(changedSettings(built, siteSettings({ ENABLED_PAYMENTS: 'true' }))).toEqual(['ENABLED_PAYMENTS']);
    expect(changedSettings(built, siteSettings({ TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }))).toEqual([
      'TILE_URL',
    ]);
    // A stamp from before the settings were kept: rebuild once.
    expect(changedSettings(undefined, siteSettings({}))).toContain('ENABLED_PAYMENTS');
  });
});

describe('the inputs of the static site', () => {
  it("are the pages' sources and the build's own steps, not the rest of the server or the tests", () => {
    expect(isSiteSource('src/pages/checkout.astro')).toBe(true);
    expect(isSiteSource('src/shared/contract/cart.ts')).toBe(true);
    expect(isSiteSource('astro.config.mjs')).toBe(true);
    // A change to the modulepreload links must rebuild the pages that carry them.
    expect(isSiteSource('src/server/site/module-preloads.ts')).toBe(true);
    expect(isSiteSource('src/server/app.ts')).toBe(false);
    expect(isSiteSource('src/server/site/module-preloads.test.ts')).toBe(false);
    expect(isSiteSource('src/node_modules/x.js')).toBe(false);
  });
});
