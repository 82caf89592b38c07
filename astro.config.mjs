// Static storefront under /app (DESIGN.md §1). Pages that list the catalogue
// read it at build time from the API at SPESA_API_URL (set by scripts/build.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  base: '/app',
  trailingSlash: 'ignore',
  outDir: process.env.SPESA_OUT_DIR ?? './dist',
  integrations: [react()],
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
