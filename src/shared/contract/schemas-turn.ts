// A browser builds the contract's schemas a module per task. The islands'
// core makes some 860 zod schemas as it loads: at once, that held a
// logged-in page's main thread for one or two long tasks (20-40 ms each on
// the development machine, four times that at a phone's speed), in the
// middle of its first view and its first input. So each contract module
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
