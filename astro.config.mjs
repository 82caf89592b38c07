// Static storefront under /app (DESIGN.md §1). Pages that list the catalogue
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

// client:interaction: islands that hydrate when the shopper needs them (src/shop/interaction-directive.ts).
const interactionDirective = {
  name: 'spesa-client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'interaction',
        entrypoint: fileURLToPath(new URL('./src/shop/interaction-directive.ts', import.meta.url)),
      }),
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
  // Feature flags of spec §9 as the browser sees them (src/lib/flags.ts);
  // map tiles of the store locator (src/features/stores/tiles.ts); the
  // accessibility statement's contact; the API the pages are built from
  // (src/lib/build-api.ts).
  vite: {
    define: {
      __SPESA_FLAGS__: JSON.stringify(Object.fromEntries(Object.keys(flagDefaults).map((k) => [k, site[k]]))),
      __SPESA_TILES__: JSON.stringify({ url: site.TILE_URL, attribution: site.TILE_ATTRIBUTION }),
      __SPESA_ACCESSIBILITY_EMAIL__: JSON.stringify(site.ACCESSIBILITY_EMAIL),
      __SPESA_API_URL__: JSON.stringify(target.SPESA_API_URL ?? null),
    },
  },
});
