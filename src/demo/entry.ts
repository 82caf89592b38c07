// The demo's one door (docs/architecture.md §7): what the server uses of src/demo, loaded with
// `await import()` only where the demo is on, so a production shop never loads it:
// the demo catalogue's generator for the seed of an empty database (server/catalogue/seed.ts),
// the demo stores' operators created on start outside production (server/services/operators.ts)
// and the card providers' sandbox, mounted under /sandbox when PAYMENT_SANDBOX is on (server/app.ts).
// dependency-cruiser refuses any other way from src/server into src/demo; scripts and tests
// import its modules directly.
export { generateCatalogue } from './catalogue/generate.ts';
export { missingDemoOperators } from './operators.ts';
export { sandboxApp } from './payment-sandbox.ts';
