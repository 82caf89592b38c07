// Every page type is valid HTML for the Nu HTML checker (vnu.jar from the npm
// package vnu-jar, run on the machine's Java): the HTML the server sends, and
// the DOM a logged-in shopper's browser ends up with once the islands have
// hydrated and loaded their data. Each test checks its pages in one run of the
// checker (Java starts once per batch, not once per page). Warnings may stay.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { logIn, readyCart, signedUpShopper, uniqueEmail, type Shopper } from './checkout.helpers.ts';

const vnuJar = fileURLToPath(new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url));

// The checker's CSS grammar predates container queries (CSS Containment 3),
// which the product cards use; every browser the shop supports knows them.
const OUTDATED_CSS = ".*(Property “container-type” doesn't exist|Unrecognized at-rule “@container”).*";

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors on each page, as "label:line: message «extract»"; empty when all are valid. */
async function htmlErrors(pages: Map<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const files: string[] = [];
    const labels = new Map<string, string>();
    let n = 0;
    for (const [label, html] of pages) {
      const file = join(dir, `page-${n++}.html`);
      await writeFile(file, html);
      files.push(file);
      labels.set(file, label);
    }
    // --exit-zero-always: errors come back in the JSON, not as a failed process.
    const { stdout } = await promisify(execFile)(
      'java',
      [
        '-jar',
        vnuJar,
        '--errors-only',
        '--exit-zero-always',
        '--format',
        'json',
        '--stdout',
        '--filterpattern',
        OUTDATED_CSS,
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => {
        const file = fileURLToPath(m.url);
        return `${labels.get(file) ?? file}:${m.lastLine ?? '?'}: ${m.message} «${(m.extract ?? '').trim().slice(0, 160)}»`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One page of each kind the catalogue builds (a category, a product, a banner's products, a store), found on the home page and the stores page. */
async function cataloguePaths(request: APIRequestContext): Promise<string[]> {
  const hrefs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/href="(\/app\/[^"#?]+)"/g)].map((m) => m[1]!);
  const home = await hrefs('/app/');
  const stores = await hrefs('/app/stores');
  const first = (list: string[], pattern: RegExp, what: string) => {
    const found = list.find((h) => pattern.test(h));
    if (!found) throw new Error(`no link to ${what}`);
    return found;
  };
  return [
    first(home, /^\/app\/category\/[^/]+\/?$/, 'a category'),
    first(home, /^\/app\/product\/\d+\/?$/, 'a product'),
    first(home, /^\/app\/banners\/\d+\/products\/?$/, "a banner's products"),
    first(stores, /^\/app\/stores\/\d+\/?$/, 'a store'),
  ];
}

const STATIC_PATHS = [
  '/app/',
  '/app/search?q=latte',
  '/app/stores',
  '/app/faq',
  '/app/termsandcondition',
  '/app/privacy',
  '/app/accessibilita',
  '/app/favorites',
  '/app/orders',
  '/app/smartlist',
  '/app/signup',
  '/app/signup/confirmed',
  '/app/signup/link-expired',
  '/app/reset',
  '/app/reset/password',
  '/app/staff',
  '/app/pagina-che-non-esiste',
];
/** Seen by a shopper who has no cart yet: one who has a cart is sent home from it. */
const NEW_CART_PATH = '/app/cart/create';
const SHOPPER_PATHS = [
  '/app/cart',
  NEW_CART_PATH,
  '/app/cart/update',
  '/app/checkout',
  '/app/checkout/data',
  '/app/checkout/summary',
  '/app/checkout/confirm',
  '/app/checkout/failed',
  '/app/profile',
  '/app/profile/addresses',
  '/app/profile/billing',
  '/app/profile/orders',
  '/app/profile/password',
  '/app/profile/payments',
  '/app/profile/smartlists',
  '/app/payments',
  '/app/payments/boarding',
];

function expectValid(errors: string[]): void {
  expect(errors, `Nu HTML checker errors:\n${errors.join('\n')}`).toEqual([]);
}

/** The page's DOM once the islands that hydrate on their own have done so and nothing is loading any more. */
async function renderedHtml(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:is([client="load"], [client="idle"])'));
  await page.waitForLoadState('networkidle');
  // A page that sends this shopper elsewhere (the new-cart form to one who has a cart) is not the page checked.
  expect(new URL(page.url()).pathname.replace(/\/$/, ''), `${path} stays where it is`).toBe(
    new URL(path, page.url()).pathname.replace(/\/$/, ''),
  );
  return page.content();
}

/**
 * The pages as the shopper's browser renders them, a few tabs at a time: most of a page's
 * time is spent waiting for the network to fall idle, which tabs can do side by side.
 */
async function renderedPages(context: BrowserContext, shopper: Shopper, paths: string[]): Promise<Map<string, string>> {
  const html = new Map<string, string>();
  const queue = [...paths];
  const tab = async () => {
    const page = await context.newPage();
    // The orders' live stream never lets the network fall idle: here the page reads its orders without it.
    await page.route(/\/cli\/(ecommerce|ops)\/orders\/events/, (route) => route.abort());
    await logIn(page, shopper);
    for (let path = queue.shift(); path; path = queue.shift()) html.set(path, await renderedHtml(page, path));
    await page.close();
  };
  await Promise.all([tab(), tab(), tab()]);
  // In the order given, so the report reads like the list.
  return new Map(paths.map((p) => [p, html.get(p)!]));
}

test.describe('valid HTML (Nu HTML checker)', () => {
  // The served HTML is the same for both projects: checked once.
  test('every page type as the server sends it @phone', async ({ request }) => {
    const pages = new Map<string, string>();
    for (const path of [...STATIC_PATHS, ...(await cataloguePaths(request)), ...SHOPPER_PATHS]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(path.includes('che-non-esiste') ? 404 : 200);
      pages.set(path, await response.text());
    }
    expectValid(await htmlErrors(pages));
  });

  // Some twenty pages each, waiting for every one to load its data: more than one journey's time.
  const RENDERED_BUDGET = 90_000;

  test('the catalogue and information pages as a logged-in shopper sees them', async ({ context, request }, info) => {
    test.setTimeout(RENDERED_BUDGET);
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'vnu'));
    expectValid(
      await htmlErrors(
        await renderedPages(context, shopper, [...STATIC_PATHS, ...(await cataloguePaths(request)), NEW_CART_PATH]),
      ),
    );
  });

  test("a logged-in shopper's cart, checkout, profile and payment pages as rendered", async ({
    context,
    request,
  }, info) => {
    test.setTimeout(RENDERED_BUDGET);
    const shopper = await signedUpShopper(request, uniqueEmail(info, 'vnu'));
    await readyCart(request, shopper);
    expectValid(
      await htmlErrors(
        await renderedPages(
          context,
          shopper,
          SHOPPER_PATHS.filter((p) => p !== NEW_CART_PATH),
        ),
      ),
    );
  });
});
