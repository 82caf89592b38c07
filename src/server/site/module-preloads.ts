// Each page names the files its own scripts import (<link rel="modulepreload">),
// so the browser asks for them with the page instead of one level of imports
// after another: a logged-in shopper's first view (src/shop/first-view.ts) and
// the header then wait for one round trip, not three. Only the page's scripts'
// static imports: the islands' code (React and what it brings) still loads
// when the island asks for it.
import { readFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_BASE } from '#src/shared/routes.ts';
import { eachAtOnce } from './at-once.ts';

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"[^>]*><\/script>/g;
// Rolldown writes static imports as `import{…}from"./x.js"` or `import"./x.js"`.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g;

/**
 * The files a built script imports, directly or not (its own path not included). Read at
 * once (a site has some hundred scripts, each read once per build), so pages finished side
 * by side never see a script's imports half-known.
 */
function importsOf(siteDir: string, src: string, known: Map<string, string[]>): string[] {
  const cached = known.get(src);
  if (cached) return cached;
  known.set(src, []);
  let code = '';
  try {
    code = readFileSync(join(siteDir, src.slice(APP_BASE.length)), 'utf8');
  } catch {
    // A script that is not there imports nothing.
  }
  const folder = src.slice(0, src.lastIndexOf('/') + 1);
  const direct = [...code.matchAll(STATIC_IMPORT)].map((m) => `${folder}${m[1]!.slice(2)}`);
  const all = new Set(direct);
  for (const child of direct) for (const deeper of importsOf(siteDir, child, known)) all.add(deeper);
  all.delete(src);
  known.set(src, [...all]);
  return [...all];
}

/** The page with a modulepreload link in its head for every file its scripts import. */
export function withModulePreloads(siteDir: string, html: string, known = new Map<string, string[]>()): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const first = scripts[0];
  // Links written earlier; an inline script that makes such a link (client:first-view's) is not one.
  if (!first || html.includes('<link rel="modulepreload"')) return html;
  const own = new Set(scripts.map((m) => m[1]!));
  const wanted = new Set<string>();
  for (const src of own) for (const imported of importsOf(siteDir, src, known)) wanted.add(imported);
  for (const src of own) wanted.delete(src);
  if (wanted.size === 0) return html;
  const links = [...wanted].map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  // In the head, so they are asked for as soon as the page arrives, wherever the scripts stand.
  const head = html.indexOf('</head>');
  const at = head >= 0 ? head : first.index;
  return `${html.slice(0, at)}${links}${html.slice(at)}`;
}

/** Pages read and written at once (at-once.ts). */
const AT_ONCE = 8;

/**
 * Adds the modulepreload links to every page of a built site; `finished` is given each page
 * as it now is (the build hashes its inline code there, inline-hashes.ts: one read per page).
 */
export async function writeModulePreloads(
  siteDir: string,
  finished: (page: string, html: string) => void = () => {},
): Promise<void> {
  const known = new Map<string, string[]>();
  const pages = (await readdir(siteDir, { recursive: true })).filter((f) => f.endsWith('.html'));
  await eachAtOnce(pages, AT_ONCE, async (page) => {
    const path = join(siteDir, page);
    const html = await readFile(path, 'utf8');
    const done = withModulePreloads(siteDir, html, known);
    if (done !== html) await writeFile(path, done);
    finished(page, done);
  });
}
