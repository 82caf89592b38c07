// The smoke journey of npm run test:deploy (scripts/test-deploy.ts), which
// starts the production recipe first and passes its address (DEPLOY_URL, nginx's
// port) and its start:prod primary (DEPLOY_PRIMARY_PID, DEPLOY_SHOP_LOG). One
// desktop Chromium, one worker, no retry: the journey restarts the API
// processes once, so a second try would not be the same journey.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

export default defineConfig({
  testDir: '.',
  outputDir: `../../.build/test-results-deploy-${process.env['DEPLOY_PRIMARY_PID'] ?? 'none'}`,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  workers: 1,
  reporter: 'list',
  timeout: 150_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env['DEPLOY_URL'],
    viewport: { width: 1280, height: 900 },
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs] },
  },
});
