// The demo (src/demo: demo catalogue, demo operators, payment sandbox) stays out of a
// production process: src/server loads src/demo/entry.ts only with await import() where the
// demo is on. A Node process of its own (module caches are per process, and Vitest's are not
// Node's) records every module it loads while it builds the whole shop as start:prod's
// workers do, answers a few calls and runs the start's demo operator step, in production and,
// to show the check sees the demo when it is there, in development.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_PLACEHOLDERS } from '../production-settings.ts';

const root = new URL('../../', import.meta.url);

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://spesa.example.it',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ...PRODUCTION_PLACEHOLDERS,
};

/** Runs in the child: the settings come as its argument, the modules from the project by URL. */
const child = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });
const root = ${JSON.stringify(root.href)};
const from = (path) => import(new URL(path, root).href);
const { loadConfig } = await from('src/server/config.ts');
const { openDb } = await from('src/server/db/client.ts');
const { migrate } = await from('src/server/db/migrate.ts');
const { createMailer } = await from('src/server/mail/mailer.ts');
const { createOrderEventHub } = await from('src/server/services/order-events.ts');
const { seedDemoOperators } = await from('src/server/services/operators.ts');
const { shopHandler } = await from('src/server/server.ts');
const config = loadConfig(JSON.parse(process.argv[1]));
const handle = await openDb({});
await migrate(handle);
const orderEvents = createOrderEventHub(handle);
const shop = await shopHandler({ db: handle.db, config, mailer: createMailer(handle.db, undefined, 't'), orderEvents }, () => false);
const status = {};
for (const path of ['/cli/health', '/cli/ready', '/media/stores/1109.svg', '/sandbox/xpay/lightbox'])
  status[path] = (await shop.request(path)).status;
const operators = await seedDemoOperators(handle.db, config);
await orderEvents.close();
await handle.close();
const demo = [...loaded].filter((url) => url.startsWith(new URL('src/demo/', root).href)).map((url) => url.slice(root.length));
console.log(JSON.stringify({ status, operators, demo, modules: loaded.size }));
`;

async function shopModules(settings: Record<string, string>) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', child, JSON.stringify(settings)],
    { cwd: fileURLToPath(root), env: { ...process.env, NODE_ENV: settings['NODE_ENV'], LOG_LEVEL: 'silent' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    status: Record<string, number>;
    operators: string[];
    demo: string[];
    modules: number;
  };
}

describe('the demo apart', () => {
  it('is never loaded by a production shop: no sandbox, no demo operators, no module of src/demo', async () => {
    const production = await shopModules(PRODUCTION);
    expect(production.status).toEqual({
      '/cli/health': 200,
      '/cli/ready': 200,
      '/media/stores/1109.svg': 404,
      '/sandbox/xpay/lightbox': 404,
    });
    expect(production.operators).toEqual([]);
    expect(production.modules).toBeGreaterThan(100);
    expect(production.demo).toEqual([]);
  });

  it('is loaded, through its entry, by a development shop with the sandbox on', async () => {
    const development = await shopModules({ NODE_ENV: 'development' });
    // The sandbox answers (a lightbox call without its MAC is refused, as the provider's would be).
    expect(development.status['/sandbox/xpay/lightbox']).toBe(400);
    expect(development.demo).toContain('src/demo/entry.ts');
    expect(development.demo).toContain('src/demo/payment-sandbox.ts');
  });
});
