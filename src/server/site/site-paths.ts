// Where the built site lives. dist/ is a symlink to .build/site-<stamp>, so a
// rebuild swaps the whole site at once (rename of a symlink is atomic) and a
// request never sees a half-built site.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteDir, siteSettings } from '../config.ts';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
// SITE_DIR lets a second shop (the browser tests) keep its own site.
export const distDir = resolve(projectRoot, siteDir());
export const buildDir = join(projectRoot, '.build');
export const STAMP_FILE = '.build-stamp.json';
/** The hashes of the site's inline scripts and styles, for its CSP (inline-hashes.ts). */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/** Inputs of the static site: when one changes, dist/ is stale. */
const siteSources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];
// The server's code is not the site's, except the build's own steps (src/server/site:
// the modulepreload links, the CSP hashes, the gzip copies), which write into every page.
const ignored = /(^|\/)node_modules(\/|$)|^src\/server\/(?!site\/)|\.test\.tsx?$/;

/** Whether a file (relative to the project) is an input of the static site. */
export const isSiteSource = (file: string): boolean => !ignored.test(file);

/**
 * The settings a build baked into the pages (config.ts siteSettings). A shop
 * restarted with another value (e.g. ENABLED_PAYMENTS=true) must rebuild, or
 * the site keeps saying what the API no longer does. None of them is a
 * secret: the stamp keeps them in clear, so the stale reason can name the one
 * that changed.
 */
type SiteSettings = Record<string, string | boolean>;

/** The names of the settings whose value differs, or null when none does. */
export function changedSettings(built: SiteSettings | undefined, now: SiteSettings): string[] | null {
  if (!built) return Object.keys(now);
  const changed = [...new Set([...Object.keys(built), ...Object.keys(now)])].filter((key) => built[key] !== now[key]);
  return changed.length ? changed.sort() : null;
}

export interface BuildStamp {
  sourceHash: string;
  /** What siteSettings() answered for the build's environment (absent in stamps of older builds). */
  settings?: SiteSettings;
  catalogueVersion: string;
  builtAt: string;
  pages: number;
}

async function listFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function siteSourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(siteSources.map((s) => listFiles(join(projectRoot, s))))).flat();
  for (const file of files
    .map((f) => relative(projectRoot, f))
    .filter(isSiteSource)
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(projectRoot, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function readStamp(): Promise<BuildStamp | null> {
  try {
    return JSON.parse(await readFile(join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/** Why the site must be (re)built, or null when dist/ is current. */
export async function staleReason(
  catalogueVersion: string,
  settings: SiteSettings = siteSettings(),
): Promise<string | null> {
  const stamp = await readStamp();
  if (!stamp) return 'no built site yet';
  // Without them the CSP would refuse every inline script of the site.
  if (!(await stat(join(distDir, CSP_HASHES_FILE)).catch(() => null))) return 'no CSP hashes of the inline scripts yet';
  if (stamp.sourceHash !== (await siteSourceHash())) return 'site sources changed';
  const changed = changedSettings(stamp.settings, settings);
  if (changed) return `build settings changed: ${changed.join(', ')}`;
  if (stamp.catalogueVersion !== catalogueVersion) return 'catalogue changed';
  return null;
}
