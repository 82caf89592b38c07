// Browser journeys in tests/e2e, in the Chromium found by scripts/chromium.ts
// (Playwright's own browser download does not work here), on a phone and on a
// desktop. The shop runs with `node scripts/start.ts` on a port of its own over
// a fresh PGlite directory per run, seeded with a small catalogue so the first
// start (migrate, seed, build the site) stays quick.
import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts';

// E2E_PORT lets two runs side by side (e.g. two developers' sessions) keep
// their own shop, database and site.
const port = Number(process.env['E2E_PORT'] ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `.build/e2e-data-${port}`;
const ci = !!process.env['CI'];

// The project's own Node 24 (npm package node@24), even when playwright was
// started outside npm with the machine's older node first on PATH.
const projectNode = fileURLToPath(new URL('./node_modules/.bin/node', import.meta.url));
const node = existsSync(projectNode) ? `"${projectNode}"` : 'node';

// The data directory is removed by the server command itself, not here: this
// file is also evaluated inside every worker process, after the server started.
const clearDataDir = `${node} -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })"`;

const launchOptions = { executablePath: chromiumPath(), args: [...chromiumArgs] };

export default defineConfig({
  testDir: 'tests/e2e',
  // Side-by-side runs must not wipe each other's results.
  outputDir: `.build/test-results-${port}`,
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 360, height: 800 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
    {
      name: 'desktop',
      grepInvert: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 900 },
        launchOptions,
      },
    },
  ],
  webServer: {
    command: `${clearDataDir} && ${node} scripts/start.ts`,
    url: `${baseURL}/app/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: `.build/e2e-dist-${port}`,
      DATABASE_URL: '',
      // Every test customer signs up from 127.0.0.1: keep per-address limits out of the way
      // (per-account limits stay as they are; the API tests cover both).
      IP_RATE_LIMIT_MULTIPLIER: '1000',
      CATALOGUE_PRODUCTS: '400',
      // Card payments on (issue 7): the checkout offers XPAY, the profile its card page, the sandbox provider answers.
      ENABLED_PAYMENTS: 'true',
      // The shop's per-request log lines would bury the test report: warnings and errors only.
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    },
    // The first start migrates, seeds and builds the site.
    timeout: 300_000,
    reuseExistingServer: !ci,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
