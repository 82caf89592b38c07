// Static storefront under /app (docs/architecture.md §1). Pages that list the catalogue
// read it at build time from the API at SPESA_API_URL (set by scripts/build.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { buildTarget, siteSettings } from './src/server/config.ts';
import { flagDefaults } from './src/shared/flags.ts';
import { APP_BASE } from './src/shared/routes.ts';

// The build's environment, parsed by the server's zod configuration.
const site = siteSettings(process.env);
const target = buildTarget(process.env);

// client:interaction: islands that hydrate when the shopper needs them (src/shop/interaction-directive.ts);
// client:first-view: islands that hydrate once their page's first view is painted (src/shop/first-view-directive.ts).
const interactionDirective = {
  name: 'spesa-client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./src/shop/interaction-directive.ts', import.meta.url)),
      });
      addClientDirective({
        name: 'first-view',
        entrypoint: fileURLToPath(new URL('./src/shop/first-view-directive.ts', import.meta.url)),
      });
    },
  },
};

export default defineConfig({
  output: 'static',
  base: APP_BASE,
  trailingSlash: 'ignore',
  outDir: target.SPESA_OUT_DIR,
  integrations: [react(), interactionDirective],
  // Product pages render from the catalogue held in memory (src/lib/build-api.ts);
  // category and home pages each read a listing page from the API: a few at
  // a time, so rendering goes on while one waits for its answer.
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
  devToolbar: { enabled: false },
  // Feature flags of docs/product.md §9 as the browser sees them (src/lib/flags.ts);
  // map tiles of the store locator (src/features/stores/tiles.ts); the
  // accessibility statement's contact; the API the pages are built from
  // (src/lib/build-api.ts).
  vite: {
    // The browser's bundle in a few chunks where the islands' code is shared:
    // React as one file, and the API client with zod and the contract's
    // schemas as another, instead of some 30 small files a logged-in page
    // discovered import by import (each level a round trip before React
    // could draw); the page shell's script has its modules in one file
    // (shop-header), so catalogue pages load neither React nor the client.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                    priority: 20,
                  },
                  {
                    // What the page shell's script (header, toasts, cookie notice) imports: one file
                    // beside it, not seven found one after another.
                    name: 'shop-header',
                    test: /preload-helper|rolldown[:/]runtime|[\\/]node_modules[\\/]nanostores[\\/]|[\\/]src[\\/]shop[\\/](header|sticky-header|session\.store|cart-summary\.store|early-calls|first-view-ready)\.ts|[\\/]src[\\/]lib[\\/](dates|flags|flash|toast\.store)\.ts|[\\/]src[\\/]shared[\\/](routes|time|flags|contract[\\/]money|contract[\\/]early-paths|on-first-use)\.ts|[\\/]src[\\/]features[\\/](header[\\/]cookie-notice|notifications[\\/]toaster)\.ts/,
                    priority: 15,
                  },
                  {
                    // A shopper's page drawn before React (src/shop/first-view.ts): the first views and
                    // the plain helpers they share with the islands, so the page's first view waits
                    // for one small file beside the page shell's, not for the islands' core.
                    name: 'first-view',
                    test: /[\\/]src[\\/]shop[\\/]first-view\.ts|[\\/]src[\\/]features[\\/](cart|checkout|profile)[\\/][\w-]+\.first-view\.ts|[\\/]src[\\/]features[\\/]checkout[\\/]checkout-rules\.ts|[\\/]src[\\/]components[\\/](product-format|icons)\.ts|[\\/]src[\\/]shared[\\/](quantity-rules|delivery-modes|minimum-order|loyalty-card)\.ts/,
                    priority: 14,
                  },
                  {
                    // The React pieces the shopper's islands share (login gate, dialog, quantity counter).
                    // Below the API client: a group takes the modules its pieces import, and a plain
                    // module both import (the contract's constants) must stay in the client's file, or
                    // every page's start-up would import this one, and React with it.
                    name: 'shop-islands',
                    test: /[\\/]src[\\/]shop[\\/](LoginGate\.tsx|use-hydrated\.ts|use-first-view\.ts)|[\\/]src[\\/]components[\\/](ModalDialog\.tsx|QuantityCounter\.tsx|ChangedItems\.tsx)/,
                    priority: 9,
                  },
                  {
                    // The browser core without React: the API client with the contract's calls
                    // (method and path: shared/contract/calls.ts), the cart store and the session
                    // actions. A shopper's start-up (layouts/session-start.ts) loads it on every page and
                    // must not bring React with it: on the pages with a first view, React waits until
                    // that view is painted.
                    name: 'api-client',
                    test: /[\\/]node_modules[\\/]ky[\\/]|[\\/]src[\\/]lib[\\/]api-client\.ts|[\\/]src[\\/]shared[\\/]contract[\\/](calls|call-routes|constants|errors)\.ts|[\\/]src[\\/]shop[\\/](cart\.store|session\.actions)\.ts/,
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      },
    },
    define: {
      __SPESA_FLAGS__: JSON.stringify(Object.fromEntries(Object.keys(flagDefaults).map((k) => [k, site[k]]))),
      __SPESA_TILES__: JSON.stringify({ url: site.TILE_URL, attribution: site.TILE_ATTRIBUTION }),
      __SPESA_ACCESSIBILITY_EMAIL__: JSON.stringify(site.ACCESSIBILITY_EMAIL),
      __SPESA_API_URL__: JSON.stringify(target.SPESA_API_URL ?? null),
    },
  },
});
