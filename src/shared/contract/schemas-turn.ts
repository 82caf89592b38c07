// A browser builds the contract's schemas a module per task. The pages with
// forms (profile, addresses, signup, the store's screens) check their fields
// with the contract's zod schemas; made at once as their island loads, the
// schemas of several modules and zod's own set-up held the main thread for a
// long task (20-40 ms on the development machine, four times that at a phone's
// speed), in the middle of the page's first view and its first input. So each contract module
// that makes schemas awaits its turn first (a top-level await): as ES modules
// do, whatever imports it waits for it, and between two modules the browser
// runs what waits (input, paint, the early answers). The files of the core
// still load at once; only their evaluation is spread. On the server (and in
// the tests) there is no page to keep responsive: no turn is awaited.

type Yielding = { scheduler?: { yield?: () => Promise<void> } };

/** A promise that resolves in a later task of the browser; undefined outside a browser. */
export function schemasTurn(): Promise<void> | undefined {
  if (typeof document === 'undefined') return undefined;
  const { scheduler } = globalThis as Yielding;
  // scheduler.yield() (Chromium) goes on ahead of other waiting tasks, so the core is not delayed behind them.
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
