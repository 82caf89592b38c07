// Feature flags of docs/product.md §9 as the browser sees them: read from the
// environment at build time (astro.config.mjs defines __SPESA_FLAGS__).
import { flagDefaults, type Flags } from '#src/shared/flags.ts';

declare const __SPESA_FLAGS__: Flags | undefined;

export const flags: Flags = typeof __SPESA_FLAGS__ !== 'undefined' ? __SPESA_FLAGS__ : { ...flagDefaults };
