// Builds the static storefront from the API (docs/architecture.md §1) into a fresh
// directory and swaps dist/ to it only when the build succeeded.
import { fork } from 'node:child_process';
import { mkdir, readdir, readlink, rename, rm, symlink, writeFile, lstat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { flagDefaults } from '#src/shared/flags.ts';
import { SITE_SETTING_NAMES, siteSettings } from '../config.ts';
import { buildDir, distDir, projectRoot, siteSourceHash, STAMP_FILE, type BuildStamp } from './site-paths.ts';
import type { WorkerMessage } from './build-worker.ts';
import { writeSearchIndex } from './search-index.ts';
import { siteHashes } from './inline-hashes.ts';
import { writeCdnHeaders } from './cdn-headers.ts';
import type { SecurityEnv } from '../security-headers.ts';
import { writeModulePreloads } from './module-preloads.ts';
import { writeCompressedCopies } from './compressed-copies.ts';
import { writeOfflineSupport } from './offline-support.ts';

export interface BuildSiteOptions {
  /** Base URL of a running API, e.g. http://127.0.0.1:4321 */
  apiUrl: string;
  catalogueVersion: string;
  log?: (message: string) => void;
  /** Build into this directory and leave dist/ alone (benchmarks). */
  outDir?: string;
  /**
   * V8 heap of the build process, MB (SITE_BUILD_HEAP_MB). Without a cap V8
   * lets garbage grow to over 1 GB while rendering 20,000 pages; what stays
   * alive (the catalogue, Astro) is about 200 MB at that size.
   */
  heapMb?: number;
}

/** Builds of one site directory; another shop's (SITE_DIR) are left alone. */
const sitePrefix = () => `site-${basename(distDir)}-`;

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}

export interface BuiltSite extends BuildStamp {
  /** Peak memory of the Astro build's process, MB. */
  buildPeakRssMb: number;
}

export async function buildSite(options: BuildSiteOptions): Promise<BuiltSite> {
  const log = options.log ?? (() => {});
  const sourceHash = await siteSourceHash();
  const outDir = options.outDir ?? join(buildDir, `${sitePrefix()}${Date.now()}`);
  await mkdir(buildDir, { recursive: true });
  // Each step says how long it took (bench:build prints them: where a build's time goes).
  let started = performance.now();
  const took = (what: string) => {
    const now = performance.now();
    log(`${what} (${((now - started) / 1000).toFixed(1)} s)`);
    started = now;
  };
  let buildPeakRssMb: number;
  try {
    buildPeakRssMb = await runBuildWorker(options.apiUrl, outDir, options.heapMb ?? 768);
    took('pages rendered by Astro');
    // The instant search of anonymous shoppers: a Pagefind index of the
    // product pages (only they carry data-pagefind-body), so suggestions
    // work from any static host. Pagefind's own process does the work, once
    // the build process has ended and given its memory back.
    const indexed = await writeSearchIndex(outDir, join(outDir, 'pagefind'));
    took(`search index: ${indexed} pages`);
    // Each page asks for its scripts' imports with the page (module-preloads.ts), and the
    // site's CSP names its inline scripts and styles by hash (security-headers.ts): one pass.
    const collected = siteHashes();
    await writeModulePreloads(outDir, collected.add);
    const hashes = await collected.write(outDir);
    took('module preloads and inline hashes');
    // Installable and usable offline: icons, manifest, and the service worker that
    // precaches the pages' shell as it now is (offline-support.ts).
    const precached = await writeOfflineSupport(outDir);
    took(`service worker: ${precached.count} files precached (${Math.round(precached.size / 1024)} kB)`);
    // Last, over the pages as they are served: their gzip copies (compressed-copies.ts).
    took(`gzip copies: ${await writeCompressedCopies(outDir)} files`);
    // The same headers for a CDN or nginx serving the site without the shop's server (docs/deploy.md).
    await writeCdnHeaders(outDir, securityEnv(), hashes);
    took('CDN headers');
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  const stamp: BuildStamp = {
    sourceHash,
    settings: siteSettings(buildEnvironment(options.apiUrl)),
    catalogueVersion: options.catalogueVersion,
    builtAt: new Date().toISOString(),
    pages: await countPages(outDir),
  };
  await writeFile(join(outDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
  if (!options.outDir) {
    await swapDist(outDir);
    log(`site swapped to ${outDir}`);
  }
  return { ...stamp, buildPeakRssMb };
}

/** What the site's policy names besides its hashes (security-headers.ts): this process's settings. */
function securityEnv(env: NodeJS.ProcessEnv = process.env): SecurityEnv {
  const names = ['TILE_URL', 'PAYMENT_ORIGINS', 'XPAY_URL', 'IPG_URL'] as const;
  return Object.fromEntries(names.filter((name) => env[name]).map((name) => [name, env[name]]));
}

/**
 * What the build process may see of this one's environment: the system's
 * basics, the browser's feature flags and map tiles, and the API to read.
 * Never the server's secrets (JWT, database, SMTP, payment keys).
 */
export function buildEnvironment(apiUrl: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const passed = [
    'PATH',
    'HOME',
    'TMPDIR',
    'LANG',
    'LC_ALL',
    'TZ',
    'NODE_ENV',
    ...SITE_SETTING_NAMES,
    ...Object.keys(flagDefaults),
  ];
  const kept = Object.fromEntries(passed.filter((key) => env[key] !== undefined).map((key) => [key, env[key]]));
  return {
    ...kept,
    SPESA_API_URL: apiUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
    // Rolldown's allocator (mimalloc) otherwise keeps the ~300 MB the
    // bundling freed for the whole render: give it back at once.
    MIMALLOC_PURGE_DELAY: '0',
    MIMALLOC_PURGE_DECOMMITS: '1',
  };
}

/** Runs build-worker.ts and answers its peak memory (MB); rejects when the build failed. */
function runBuildWorker(apiUrl: string, outDir: string, heapMb: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = fork(new URL('./build-worker.ts', import.meta.url), [outDir, projectRoot], {
      cwd: projectRoot,
      env: buildEnvironment(apiUrl),
      execArgv: [`--max-old-space-size=${heapMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let peakRssMb: number | null = null;
    worker.on('message', (message: WorkerMessage) => {
      if (message.done) peakRssMb = message.done.peakRssMb;
    });
    worker.once('error', reject);
    worker.once('exit', (code, signal) => {
      if (code === 0 && peakRssMb !== null) resolve(peakRssMb);
      else
        reject(
          new Error(
            `the site build failed (build process ${signal ? `killed by ${signal}` : `exit ${code}`}); see its output above`,
          ),
        );
    });
  });
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
    if (entry.startsWith(sitePrefix()) && path !== outDir && path !== previous)
      await rm(path, { recursive: true, force: true });
  }
  // The previous site may still be serving a request that started before the
  // swap; it goes at the next build.
}
