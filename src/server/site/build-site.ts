// Builds the static storefront from the API (DESIGN.md §1) into a fresh
// directory and swaps dist/ to it only when the build succeeded.
import { mkdir, readdir, readlink, rename, rm, symlink, writeFile, lstat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { buildDir, distDir, projectRoot, siteSourceHash, STAMP_FILE, type BuildStamp } from './site-paths.ts';

export interface BuildSiteOptions {
  /** Base URL of a running API, e.g. http://127.0.0.1:4321 */
  apiUrl: string;
  catalogueVersion: string;
  log?: (message: string) => void;
  /** Build into this directory and leave dist/ alone (benchmarks). */
  outDir?: string;
}

/** Builds of one site directory; another shop's (SITE_DIR) are left alone. */
const sitePrefix = () => `site-${basename(distDir)}-`;

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}

export async function buildSite(options: BuildSiteOptions): Promise<BuildStamp> {
  const log = options.log ?? (() => {});
  const sourceHash = await siteSourceHash();
  const outDir = options.outDir ?? join(buildDir, `${sitePrefix()}${Date.now()}`);
  await mkdir(buildDir, { recursive: true });
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
  process.env['SPESA_API_URL'] = options.apiUrl;
  const { build } = await import('astro');
  try {
    await build({ root: projectRoot, outDir, logLevel: 'warn', mode: 'production' });
    await indexProducts(outDir, log);
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  const stamp: BuildStamp = {
    sourceHash,
    catalogueVersion: options.catalogueVersion,
    builtAt: new Date().toISOString(),
    pages: await countPages(outDir),
  };
  await writeFile(join(outDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
  if (!options.outDir) {
    await swapDist(outDir);
    log(`site swapped to ${outDir}`);
  }
  return stamp;
}

/**
 * The instant search of anonymous shoppers (issue 3): a Pagefind index of the
 * product pages (only they carry data-pagefind-body) written to
 * <site>/pagefind, so suggestions work from any static host.
 */
async function indexProducts(outDir: string, log: (message: string) => void): Promise<void> {
  const pages = await writeSearchIndex(outDir, join(outDir, 'pagefind'));
  log(`search index: ${pages} pages`);
}

/** Indexes the product pages of a built site into outputPath; answers how many pages it indexed. */
export async function writeSearchIndex(site: string, outputPath: string): Promise<number> {
  const pagefind = await import('pagefind');
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'it' });
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: site });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}

/** Points dist/ at the new site in one rename, then removes older sites. */
export async function swapDist(outDir: string): Promise<void> {
  const existing = await lstat(distDir).catch(() => null);
  if (existing && !existing.isSymbolicLink()) await rm(distDir, { recursive: true, force: true });
  const previous = existing?.isSymbolicLink() ? await readlink(distDir) : null;
  const next = `${distDir}-next-${process.pid}`;
  await rm(next, { force: true });
  await symlink(outDir, next, 'dir');
  await rename(next, distDir);
  for (const entry of await readdir(buildDir)) {
    const path = join(buildDir, entry);
    if (entry.startsWith(sitePrefix()) && path !== outDir && path !== previous) await rm(path, { recursive: true, force: true });
  }
  // The previous site may still be serving a request that started before the
  // swap; it goes at the next build.
}
