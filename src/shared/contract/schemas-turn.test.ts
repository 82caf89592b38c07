// The browser builds the contract's schemas a module per task: each module
// that makes schemas awaits its turn first; the server does not wait.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schemasTurn } from './schemas-turn.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return settled;
}

describe('the turn of a contract module', () => {
  it('is not waited for on the server', () => {
    expect(schemasTurn()).toBeUndefined();
  });

  it('comes in a later task in a browser, not among the microtasks of this one', async () => {
    vi.stubGlobal('document', {});
    const turn = schemasTurn()!;
    expect(turn).toBeInstanceOf(Promise);
    expect(await settledNow(turn)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await settledNow(turn)).toBe(true);
  });

  it("is the browser's scheduler.yield() where there is one", async () => {
    vi.stubGlobal('document', {});
    const given = Promise.resolve();
    const yieldToBrowser = vi.fn(() => given);
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    expect(schemasTurn()).toBe(given);
    expect(yieldToBrowser).toHaveBeenCalledOnce();
  });
});

describe('the contract modules', () => {
  const folder = new URL('./', import.meta.url);
  const modules = readdirSync(folder).filter(
    // endpoints.ts is the server's and the build's: the browser never loads it (Biome refuses its calls there).
    (f) => f.endsWith('.ts') && !f.includes('.test') && !f.includes('test-data') && f !== 'endpoints.ts',
  );

  it('each await their turn before their first schema, so none makes them all in one task', () => {
    const makers = modules.filter((f) =>
      /^import \{ z \} from '#src\/shared\/zod\.ts';$/m.test(readFileSync(new URL(f, folder), 'utf8')),
    );
    expect(makers.length).toBeGreaterThanOrEqual(12);
    for (const file of makers) {
      const code = readFileSync(new URL(file, folder), 'utf8');
      const turn = code.indexOf('\nawait schemasTurn();\n');
      const firstSchema = code.search(/^(export )?const \w+ =[^;]*\bz\./m);
      expect(turn, `${file} awaits its turn`).toBeGreaterThan(0);
      expect(turn, `${file} awaits its turn before its first schema`).toBeLessThan(firstSchema);
    }
  });
});
