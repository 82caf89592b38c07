// The hashes of the inline scripts and styles of the built site, so that its
// Content-Security-Policy can name exactly those and refuse every other
// inline script ('unsafe-inline' would let an injected one run too). The
// build writes them next to the pages (CSP_HASHES_FILE); the server reads
// those of the site it is serving.
import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { CSP_HASHES_FILE, distDir } from './site-paths.ts';

export interface InlineHashes {
  /** 'sha256-…' of every inline <script> the browser runs (script-src). */
  scripts: string[];
  /** 'sha256-…' of every <style> element (style-src-elem). */
  styles: string[];
  /** 'sha256-…' of every style="…" attribute value (style-src-attr with 'unsafe-hashes'). */
  styleAttributes: string[];
}

const noHashes = (): InlineHashes => ({ scripts: [], styles: [], styleAttributes: [] });
const NO_HASHES: InlineHashes = Object.freeze(noHashes());

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Data blocks are never run, so CSP does not apply to them (JSON-LD, JSON).
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap', 'speculationrules']);

const attribute = (attributes: string, name: string): string | null => {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};

// Astro and the shop's templates write plain, well-formed HTML; an inline
// handler (onclick="…") or a javascript: URL would need 'unsafe-inline' and is
// reported by the build instead.
const INLINE_HANDLER = /<[a-z][^>]*\son[a-z]+\s*=/i;

/** The hashes of one HTML document's inline scripts and styles; throws on inline event handlers. */
export function inlineHashes(html: string, into: InlineHashes = noHashes()): InlineHashes {
  const add = (list: string[], hash: string) => {
    if (!list.includes(hash)) list.push(hash);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (attribute(attrs, 'src') !== null) continue;
    if (!RUN_TYPES.has((attribute(attrs, 'type') ?? '').trim().toLowerCase())) continue;
    add(into.scripts, sha256(m[2] ?? ''));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) add(into.styles, sha256(m[1] ?? ''));
  const withoutScripts = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');
  for (const tag of withoutScripts.matchAll(/<[a-z][a-z0-9-]*\b([^>]*)>/gi)) {
    // Most tags have no style attribute: the word first, the attribute's expression only then.
    if (!/style/i.test(tag[1] ?? '')) continue;
    const style = attribute(tag[1] ?? '', 'style');
    if (style !== null) add(into.styleAttributes, sha256(decodeEntities(style)));
  }
  const handler = INLINE_HANDLER.exec(withoutScripts);
  if (handler) throw new Error(`inline event handler in the page (the CSP refuses it): ${handler[0].slice(0, 120)}`);
  return into;
}

// The browser hashes the attribute's value after entity decoding.
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' } as Record<string, string>)[k]!;
  });
}

/**
 * Collects the hashes of a site's pages one page at a time (the build adds each page as it
 * finishes it, module-preloads.ts), then writes them to CSP_HASHES_FILE in the site.
 */
export function siteHashes() {
  const hashes = noHashes();
  return {
    add(page: string, html: string) {
      try {
        inlineHashes(html, hashes);
      } catch (error) {
        throw new Error(`${page}: ${(error as Error).message}`);
      }
    },
    async write(siteDir: string): Promise<InlineHashes> {
      for (const list of Object.values(hashes) as string[][]) list.sort();
      await writeFile(join(siteDir, CSP_HASHES_FILE), JSON.stringify(hashes, null, 2));
      return hashes;
    },
  };
}

let cached: { target: string; hashes: InlineHashes } | null = null;

/**
 * The hashes of the site being served: dist/ is a link swapped to each new
 * build, so they are read again whenever it points somewhere else. Before
 * the first build there are none (the "being prepared" page runs nothing).
 */
export function servedSiteHashes(dir = distDir): InlineHashes {
  let target: string;
  try {
    target = resolve(dirname(dir), readlinkSync(dir));
  } catch {
    target = dir;
  }
  if (cached?.target === target) return cached.hashes;
  let hashes: InlineHashes;
  try {
    hashes = JSON.parse(readFileSync(join(target, CSP_HASHES_FILE), 'utf8')) as InlineHashes;
  } catch {
    // No site yet (or one built before hashes were written): nothing inline is
    // allowed. Not kept, so the site's hashes are read as soon as it is there.
    return NO_HASHES;
  }
  cached = { target, hashes };
  return hashes;
}
