// The rebuild swap never serves a half-built site: while dist/ is swapped
// between builds over and over, every read of a page finds a whole page.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const work = mkdtempSync(join(tmpdir(), 'spesa-swap-'));
process.env['SITE_DIR'] = join(work, 'swaptest-dist');
const { swapDist } = await import('./build-site.ts');
const { buildDir, distDir } = await import('./site-paths.ts');

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const n of [1, 2, 3, 4, 5, 6])
    rmSync(join(buildDir, `site-swaptest-dist-${n}`), { recursive: true, force: true });
});

function fakeBuild(n: number): string {
  const dir = join(buildDir, `site-swaptest-dist-${n}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<html>build ${n}</html>`);
  return dir;
}

describe('swapping the built site', () => {
  it('always answers a whole page from one build or the next, never a missing one', async () => {
    await swapDist(fakeBuild(1));
    let stop = false;
    const seen = new Set<string>();
    const failures: string[] = [];
    const reader = (async () => {
      while (!stop) {
        try {
          seen.add(readFileSync(join(distDir, 'index.html'), 'utf8'));
        } catch (error) {
          failures.push(String(error));
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (const n of [2, 3, 4, 5, 6]) {
      await swapDist(fakeBuild(n));
      await new Promise((r) => setTimeout(r, 5));
    }
    stop = true;
    await reader;
    expect(failures).toEqual([]);
    expect([...seen].every((page) => /^<html>build [1-6]<\/html>$/.test(page))).toBe(true);
    expect(readFileSync(join(distDir, 'index.html'), 'utf8')).toBe('<html>build 6</html>');
  });
});
