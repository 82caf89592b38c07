import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineHashes, servedSiteHashes, siteHashes } from './inline-hashes.ts';
import { writeModulePreloads } from './module-preloads.ts';
import { CSP_HASHES_FILE } from './site-paths.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline hashes for the CSP', () => {
  it('hashes the scripts the browser runs, the style elements and the style attributes as the browser reads them', () => {
    const page = `<head><style>a{color:red}</style><script>one()</script><script type="module">two()</script>
<script type="application/ld+json">{"a":1}</script><script src="/app/_astro/x.js"></script><script type="module" src="y.js"></script></head>
<body><p style="margin:0">a</p><p style='margin:0'>b</p><span style="content:&quot;x&quot;">c</span></body>`;
    const found = inlineHashes(page);
    expect(found.scripts).toEqual([hash('one()'), hash('two()')]);
    expect(found.styles).toEqual([hash('a{color:red}')]);
    expect(found.styleAttributes).toEqual([hash('margin:0'), hash('content:"x"')]);
  });

  it('refuses a page with an inline event handler, which no hash can allow', () => {
    expect(() => inlineHashes('<button onclick="go()">x</button>')).toThrow(/inline event handler/);
    expect(() => inlineHashes('<script>if (a.onclick = b) {}</script><p>online</p>')).not.toThrow();
  });

  it('writes the hashes of every page of a site and serves those of the site dist/ points at', async () => {
    const root = await mkdtemp(join(tmpdir(), 'csp-hashes-'));
    try {
      const site = join(root, 'site-1');
      await mkdir(join(site, 'product', 'a'), { recursive: true });
      await writeFile(join(site, 'index.html'), '<script>home()</script>');
      await writeFile(join(site, 'product', 'a', 'index.html'), '<script>home()</script><script>product()</script>');
      // As the build does: every page read once, its hashes taken as it is written.
      const collected = siteHashes();
      await writeModulePreloads(site, collected.add);
      const written = await collected.write(site);
      expect(written.scripts).toEqual([hash('home()'), hash('product()')].sort());
      expect(JSON.parse(await readFile(join(site, CSP_HASHES_FILE), 'utf8'))).toEqual(written);
      const dist = join(root, 'dist');
      expect(servedSiteHashes(dist).scripts).toEqual([]);
      await symlink(site, dist, 'dir');
      expect(servedSiteHashes(dist)).toEqual(written);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
