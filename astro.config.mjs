// Static storefront under /app (DESIGN.md §1). Pages that list the catalogue
// read it at build time from the API at SPESA_API_URL (set by scripts/build.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { readFlags } from './src/shared/flags.ts';
import { APP_BASE } from './src/shared/routes.ts';

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
  outDir: process.env.SPESA_OUT_DIR ?? './dist',
  integrations: [react(), interactionDirective],
  // Product pages render from the catalogue held in memory (src/lib/build-api.ts);
  // category and home pages each read a listing page from the API: a few at
  // a time, so rendering goes on while one waits for its answer.
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
  devToolbar: { enabled: false },
  // Feature flags of spec §9 as the browser sees them (src/lib/flags.ts),
  // read from the environment of the build.
  // Map tiles of the store locator (src/features/stores/tiles.ts): any
  // OpenStreetMap-style {z}/{x}/{y} URL with its attribution.
  vite: {
    define: {
      __SPESA_FLAGS__: JSON.stringify(readFlags(process.env)),
      __SPESA_TILES__: JSON.stringify({
        url: process.env.TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution:
          process.env.TILE_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      }),
    },
  },
});
