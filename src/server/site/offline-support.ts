// The installable, offline storefront (docs/decisions/015-offline-with-serwist.md), written
// into a built site before its gzip copies: the icons (from public/logo-mark.svg),
// the web app manifest, and the service worker (src/sw/service-worker.ts bundled, with
// the list of the files to precache filled in by Serwist, and the list of the shell's
// scripts it caches once the first page has settled).
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';
import { glob, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { APP_BASE } from '#src/shared/routes.ts';
import { OFFLINE_PAGE, SW_SCOPE } from '#src/shared/offline.ts';
import { projectRoot } from './site-paths.ts';

/** The cooperative's colours (src/styles/global.css --brand-dark and --brand). */
const BRAND_DARK = '#a8420a';
const BRAND = '#f28c28';

const MANIFEST_FILE = 'manifest.webmanifest';
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** PNG icons from the logo mark; the maskable one keeps the mark inside the 80 % safe zone on the brand colour. */
async function writeIcons(outDir: string): Promise<void> {
  const svg = await readFile(join(projectRoot, 'public/logo-mark.svg'));
  await mkdir(join(outDir, 'icons'), { recursive: true });
  for (const icon of ICONS) {
    const target = join(outDir, icon.file);
    if (icon.purpose === 'any') {
      await sharp(svg, { density: (72 * icon.size) / 48 })
        .resize(icon.size, icon.size)
        .png()
        .toFile(target);
    } else {
      const inner = Math.round(icon.size * 0.6);
      const mark = await sharp(svg, { density: (72 * inner) / 48 })
        .resize(inner, inner)
        .png()
        .toBuffer();
      await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: BRAND_DARK } })
        .composite([{ input: mark, gravity: 'center' }])
        .png()
        .toFile(target);
    }
  }
}

const webManifest = () => ({
  name: 'Spesa online',
  short_name: 'Spesa',
  description: 'La spesa online della cooperativa: ritiro in negozio o consegna a casa.',
  lang: 'it',
  dir: 'ltr',
  id: SW_SCOPE,
  start_url: SW_SCOPE,
  scope: SW_SCOPE,
  display: 'standalone',
  // The splash screen: the logo mark on the warm brand colour.
  background_color: BRAND,
  theme_color: BRAND_DARK,
  categories: ['shopping', 'food'],
  icons: ICONS.map((icon) => ({
    src: `${APP_BASE}/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
});

/** Where the bundled worker receives the list of the shell's scripts. */
const SHELL_SCRIPTS_POINT = 'self.SPESA_SHELL_SCRIPTS';

/** The service worker: bundled for the browser, then given the precache list (styles, fonts, icons and the offline page). */
async function writeServiceWorker(outDir: string): Promise<{ count: number; size: number }> {
  const bundled = join(outDir, '.sw-source.js');
  await build({
    entryPoints: [join(projectRoot, 'src/sw/service-worker.ts')],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  try {
    const offlinePage = OFFLINE_PAGE.slice(SW_SCOPE.length);
    const result = await injectManifest({
      swSrc: bundled,
      swDest: join(outDir, 'sw.js'),
      globDirectory: outDir,
      injectionPoint: 'self.SPESA_PRECACHE',
      globPatterns: [
        // What every page needs; the JavaScript is cached as pages load it (src/sw/service-worker.ts).
        '_astro/**/*.{css,woff2}',
        `${offlinePage}index.html`,
        'logo.svg',
        'logo-mark.svg',
        'favicon.svg',
        'no-image.svg',
        'icons/*.png',
        MANIFEST_FILE,
      ],
      // Hashed files carry their version in their name: no revision needed.
      dontCacheBustURLsMatching: /^_astro\//,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => ({
            ...entry,
            url: `${SW_SCOPE}${entry.url.replace(/(^|\/)index\.html$/, '$1')}`,
          })),
          warnings: [],
        }),
      ],
    });
    // The shell's scripts, cached after the first install (SHELL_SCRIPTS in the worker).
    const scripts: string[] = [];
    for await (const file of glob('_astro/**/*.js', { cwd: outDir })) scripts.push(`${SW_SCOPE}${file}`);
    const worker = await readFile(join(outDir, 'sw.js'), 'utf8');
    if (!worker.includes(SHELL_SCRIPTS_POINT)) throw new Error(`sw.js: ${SHELL_SCRIPTS_POINT} not found`);
    await writeFile(join(outDir, 'sw.js'), worker.replace(SHELL_SCRIPTS_POINT, JSON.stringify(scripts.sort())));
    return { count: result.count, size: result.size };
  } finally {
    await rm(bundled, { force: true });
  }
}

/** Icons, manifest and service worker of a built site; answers how many files the worker precaches. */
export async function writeOfflineSupport(outDir: string): Promise<{ count: number; size: number }> {
  await writeIcons(outDir);
  await writeFile(join(outDir, MANIFEST_FILE), JSON.stringify(webManifest(), null, 2));
  return writeServiceWorker(outDir);
}
