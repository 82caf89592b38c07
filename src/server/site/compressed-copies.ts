// A gzip copy of each text file of the built site, written beside it once per
// build (index.html → index.html.gz), which the server sends to a browser that
// accepts gzip (static-site.ts, serveStatic's `precompressed`). Every browser
// accepts gzip. Without the copies each page and script was compressed anew on
// every request through a web CompressionStream: a product page answered 1,257
// req/s with a browser's Accept-Encoding against 2,274 without. Level 9
// costs about 0.25 ms for a 26 kB product page, five seconds of CPU at 20,000
// products, split over the cores by libuv's threads; zstd at a like cost is no
// smaller, and brotli's smaller files take 50–100 times as long.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { eachAtOnce } from './at-once.ts';

const gzipped = promisify(gzip);

/** What is worth a copy: text the browser reads (images other than SVG, fonts and Pagefind's files are compressed already). */
const TEXT_FILE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a copy saves less than the request it travels in. */
const COPY_FROM_BYTES = 1024;
/** Files compressed at once: enough to keep libuv's threads busy, few enough to bound memory. */
const AT_ONCE = 8;

/** Writes file.gz beside every text file of the site of 1 kB or more; the number of copies. */
export async function writeCompressedCopies(siteDir: string): Promise<number> {
  const files = (await readdir(siteDir, { recursive: true })).filter((f) => TEXT_FILE.test(f));
  let written = 0;
  await eachAtOnce(files, AT_ONCE, async (file) => {
    const path = join(siteDir, file);
    const text = await readFile(path);
    if (text.byteLength < COPY_FROM_BYTES) return;
    await writeFile(`${path}.gz`, await gzipped(text, { level: 9 }));
    written++;
  });
  return written;
}
