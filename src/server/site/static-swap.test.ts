// A page served while the rebuild swaps dist/ to another build is whole: its
// length and its bytes come from one build. (Served by path, a file's size was
// read from one build and its bytes from the next one: a page that grew was
// cut short, seen in the rebuild journey of tests/faults/rebuild.test.ts.)
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const work = mkdtempSync(join(tmpdir(), 'spesa-static-swap-'));
process.env['SITE_DIR'] = join(work, 'staticswaptest-dist');
const { swapDist } = await import('./build-site.ts');
const { buildDir } = await import('./site-paths.ts');
const { staticSite } = await import('./static-site.ts');

const builds = [1, 2].map((n) => join(buildDir, `site-staticswaptest-dist-${n}`));
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const dir of builds) rmSync(dir, { recursive: true, force: true });
});

/** A build whose page differs in length from the other build's. */
function fakeBuild(n: number): string {
  const dir = builds[n - 1]!;
  mkdirSync(join(dir, 'reparto'), { recursive: true });
  writeFileSync(join(dir, 'reparto', 'index.html'), `<html>${`build ${n} `.repeat(n * 2000)}</html>`);
  return dir;
}

describe('the static site while dist/ is swapped', () => {
  it('answers each page whole, from one build, with a matching length', async () => {
    const site = staticSite(() => true);
    await swapDist(fakeBuild(1));
    fakeBuild(2);
    let stop = false;
    const failures: string[] = [];
    let reads = 0;
    const reader = async () => {
      while (!stop) {
        const answer = await site.request('/app/reparto/');
        const body = await answer.text();
        reads++;
        const length = Number(answer.headers.get('Content-Length'));
        if (answer.status !== 200) failures.push(`status ${answer.status}`);
        else if (Buffer.byteLength(body) !== length) failures.push(`${Buffer.byteLength(body)} bytes of ${length}`);
        else if (!/^<html>(build 1 )+<\/html>$|^<html>(build 2 )+<\/html>$/.test(body))
          failures.push('mixed or cut short');
      }
    };
    const readers = [reader(), reader(), reader()];
    for (let i = 0; i < 300; i++) {
      await swapDist(builds[(i + 1) % 2]!);
      await new Promise((r) => setImmediate(r));
    }
    stop = true;
    await Promise.all(readers);
    expect(reads).toBeGreaterThan(100);
    expect(failures.slice(0, 3)).toEqual([]);
  });
});
