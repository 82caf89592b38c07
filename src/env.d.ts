/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the shopper's first interaction (src/shop/interaction-directive.ts). */
    'client:interaction'?:
      | boolean
      | {
          session?: boolean;
          visible?: boolean;
          end?: boolean;
          query?: boolean;
          restore?: string;
          triggers?: string;
          alongside?: string;
          events?: string[];
        };
  }
}

export {};
