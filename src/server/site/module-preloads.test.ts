// A page names the files its scripts import, so they are asked for with the
// page; the islands' code is left to the islands.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHashes } from './inline-hashes.ts';
import { withModulePreloads, writeModulePreloads } from './module-preloads.ts';
import { CSP_HASHES_FILE } from './site-paths.ts';

let site: string;

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'preloads-'));
  await mkdir(join(site, '_astro'));
  const files: Record<string, string> = {
    'page.a1.js': 'import{t as e}from"./shell.b2.js";import"./view.c3.js";e();',
    'shell.b2.js': 'import{x}from"./runtime.d4.js";export const t=()=>x;',
    'view.c3.js': 'import"./shell.b2.js";const l=()=>import("./react.e5.js");',
    'runtime.d4.js': 'export const x=1;',
    'react.e5.js': 'export const r=1;',
    'Cart.f6.js': 'import{r}from"./react.e5.js";export default r;',
    'client.g7.js': 'import"./react.e5.js";',
    'Menu.h8.js': 'import"./react.e5.js";',
  };
  for (const [name, code] of Object.entries(files)) await writeFile(join(site, '_astro', name), code);
});

afterAll(() => rm(site, { recursive: true, force: true }));

const page = (scripts: string) => `<html><head><meta charset="utf-8">${scripts}</head><body></body></html>`;

describe('modulepreload links', () => {
  it("name every file the page's scripts import, directly or not, in the head", async () => {
    const html = withModulePreloads(site, page('<script type="module" src="/app/_astro/page.a1.js"></script>'));
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links.sort()).toEqual(['/app/_astro/runtime.d4.js', '/app/_astro/shell.b2.js', '/app/_astro/view.c3.js']);
    expect(html.lastIndexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leave out what is only imported on demand (an island’s React) and a page without scripts', () => {
    const html = withModulePreloads(site, page('<script type="module" src="/app/_astro/page.a1.js"></script>'));
    expect(html).not.toContain('react.e5.js');
    const plain = page('');
    expect(withModulePreloads(site, plain)).toBe(plain);
  });

  it("leave out the islands' files, which the islands ask for themselves", () => {
    const island = `<astro-island uid="a" component-url="/app/_astro/Cart.f6.js" component-export="default" renderer-url="/app/_astro/client.g7.js" client="first-view"></astro-island>`;
    const html = withModulePreloads(
      site,
      page('<script type="module" src="/app/_astro/shell.b2.js"></script>').replace('<body>', `<body>${island}`),
    );
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/app/_astro/runtime.d4.js']);
  });

  it('still name them when an inline script of the page makes a modulepreload link of its own', () => {
    // client:first-view's inline code sets link.rel = "modulepreload" for its island's file.
    const inline = '<script>(()=>{const i=document.createElement("link");i.rel="modulepreload"})()</script>';
    const html = withModulePreloads(
      site,
      page(`${inline}<script type="module" src="/app/_astro/page.a1.js"></script>`),
    );
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links.sort()).toEqual(['/app/_astro/runtime.d4.js', '/app/_astro/shell.b2.js', '/app/_astro/view.c3.js']);
    const again = withModulePreloads(site, html);
    expect(again).toBe(html);
  });

  it('are written into every page of a site, finished side by side, and the hashes taken of each page as written', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => `p${i}/index.html`);
    for (const [i, name] of pages.entries()) {
      await mkdir(join(site, name, '..'), { recursive: true });
      const inline = `<script>go(${i})</script>`;
      const script = i % 2 ? 'page.a1.js' : 'shell.b2.js';
      await writeFile(join(site, name), page(`${inline}<script type="module" src="/app/_astro/${script}"></script>`));
    }
    const collected = siteHashes();
    const handed: string[] = [];
    await writeModulePreloads(site, (name, html) => {
      handed.push(name);
      collected.add(name, html);
    });
    expect(handed.sort()).toEqual([...pages].sort());
    for (const [i, name] of pages.entries()) {
      const html = await readFile(join(site, name), 'utf8');
      const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort();
      expect(links).toEqual(
        i % 2
          ? ['/app/_astro/runtime.d4.js', '/app/_astro/shell.b2.js', '/app/_astro/view.c3.js']
          : ['/app/_astro/runtime.d4.js'],
      );
    }
    const hashes = await collected.write(site);
    expect(hashes.scripts).toHaveLength(40);
    expect(JSON.parse(await readFile(join(site, CSP_HASHES_FILE), 'utf8'))).toEqual(hashes);
  });
});
