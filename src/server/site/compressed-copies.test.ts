// The build's gzip copies: one beside each text file of 1 kB or more, reading
// back as the file; none for short files or for files compressed already.
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCompressedCopies } from './compressed-copies.ts';

let site: string;
afterEach(async () => rm(site, { recursive: true, force: true }));

describe('writeCompressedCopies', () => {
  it('writes file.gz beside each page, script, style and SVG of 1 kB or more, and nothing else', async () => {
    site = await mkdtemp(join(tmpdir(), 'spesa-copies-'));
    const page = `<!doctype html><html lang="it"><body>${'<p>Pomodori pelati · 1,29 €</p>'.repeat(80)}</body></html>`;
    const files: Record<string, string | Buffer> = {
      'index.html': page,
      'product/8000162970670/index.html': page.replace('Pomodori', 'Passata'),
      '_astro/header.js': `export const a=${JSON.stringify('x'.repeat(3000))};`,
      '_astro/page.css': `body{margin:0}${'.a{color:red}'.repeat(100)}`,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(60)}</svg>`,
      '_astro/tiny.js': 'export const b=1;',
      'images/photo.png': Buffer.alloc(4096, 7),
      'pagefind/fragment/it_1.pf_fragment': Buffer.alloc(4096, 9),
    };
    for (const [path, body] of Object.entries(files)) {
      await mkdir(join(site, path, '..'), { recursive: true });
      await writeFile(join(site, path), body);
    }

    expect(await writeCompressedCopies(site)).toBe(5);
    const copies = (await readdir(site, { recursive: true })).filter((f) => f.endsWith('.gz')).sort();
    expect(copies).toEqual(
      [
        '_astro/header.js.gz',
        '_astro/page.css.gz',
        'favicon.svg.gz',
        'index.html.gz',
        'product/8000162970670/index.html.gz',
      ].sort(),
    );
    for (const copy of copies) {
      const original = await readFile(join(site, copy.slice(0, -3)));
      const packed = await readFile(join(site, copy));
      expect(gunzipSync(packed).equals(original)).toBe(true);
      expect(packed.byteLength).toBeLessThan(original.byteLength / 2);
    }
  });
});
