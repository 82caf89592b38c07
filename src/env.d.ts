/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at once, after the page's first view is painted (src/shop/first-view-directive.ts). */
    'client:first-view'?: boolean;
    /** Hydrate on the shopper's first interaction (src/shop/interaction-directive.ts). */
    'client:interaction'?:
      | boolean
      | {
          session?: boolean;
          visible?: boolean | string;
          end?: boolean;
          query?: boolean;
          restore?: string;
          triggers?: string;
          alongside?: string;
          events?: string[];
        };
  }
}

declare global {
  /** ACCESSIBILITY_EMAIL of the build's configuration (astro.config.mjs defines it). */
  const __SPESA_ACCESSIBILITY_EMAIL__: string;
}

export {};
