// The first half of the contract's zod schemas, with zod (the 'schemas-first'
// chunk of astro.config.mjs). The islands' core builds some 860 schemas as it
// loads, ~80 ms of a phone's main thread in one task; a shopper's start-up
// (layouts/BaseLayout.astro) imports this half first, lets the browser run
// what waits (input, paint), then imports the rest.
export * from '#src/shared/contract/auth.ts';
export * from '#src/shared/contract/addresses.ts';
export * from '#src/shared/contract/banners.ts';
export * from '#src/shared/contract/envelope.ts';
export * from '#src/shared/contract/session.ts';
