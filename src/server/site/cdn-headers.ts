// The headers the shop's Node server sends with the built site, written beside
// it for a CDN or a web server that serves dist/ without Node
// (docs/deploy.md): `_headers` (Cloudflare Pages and Netlify) and an nginx
// server block (NGINX_CONF_FILE). The values are not written twice: each is
// the server's own answer (security-headers.ts, static-site.ts), asked of
// its middleware for a page and for each kind of file the build holds.
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { readdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { APP_BASE } from '#src/shared/routes.ts';
import { securityHeaders, type SecurityEnv } from '../security-headers.ts';
import type { InlineHashes } from './inline-hashes.ts';
import { CACHE_RULES, REVALIDATE } from './static-site.ts';
import { nginxConf, type SiteHeaders } from './nginx-conf.ts';

export const HEADERS_FILE = '_headers';
export const NGINX_CONF_FILE = 'spesa.nginx.conf';

/** Sent by a file server itself, never set by a rule. */
const OWN_HEADERS = new Set(['content-type', 'content-length']);

/** The headers the server's security middleware sends with a file of this Content-Type over HTTPS. */
async function serverHeaders(env: SecurityEnv, hashes: InlineHashes, type: string): Promise<Map<string, string>> {
  const app = new Hono();
  app.use(securityHeaders(env, () => hashes));
  app.get('*', (c) => c.body('', 200, { 'Content-Type': type }));
  const answer = await app.request(`https://shop.invalid${APP_BASE}/`);
  const headers = new Map<string, string>();
  for (const [name, value] of answer.headers) if (!OWN_HEADERS.has(name)) headers.set(canonical(name), value);
  return headers;
}

const canonical = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/** The server's headers for the pages of a site and the extensions of its other files. */
async function siteHeaders(env: SecurityEnv, hashes: InlineHashes, siteDir: string): Promise<SiteHeaders> {
  const page = await serverHeaders(env, hashes, 'text/html; charset=utf-8');
  const pagePolicy = page.get('Content-Security-Policy');
  const files = await readdir(siteDir, { recursive: true });
  const extensions = [...new Set(files.map((f) => extname(f).slice(1).toLowerCase()).filter(Boolean))]
    .filter((ext) => ext !== 'gz')
    .sort();
  let resourcePolicy = pagePolicy ?? '';
  const resourceExtensions: string[] = [];
  for (const ext of extensions) {
    const type = getMimeType(`file.${ext}`) ?? 'application/octet-stream';
    const policy = (await serverHeaders(env, hashes, type)).get('Content-Security-Policy');
    if (policy && policy !== pagePolicy) {
      resourcePolicy = policy;
      resourceExtensions.push(ext);
    }
  }
  return { page, resource: { policy: resourcePolicy, extensions: resourceExtensions } };
}

const block = (path: string, lines: string[]) => [path, ...lines.map((line) => `  ${line}`)].join('\n');

/**
 * Cloudflare Pages' and Netlify's format: every rule a URL matches applies,
 * so a narrower rule first detaches ("! Name") what it sets again. Netlify
 * does not know the detach lines: without them it keeps the most specific
 * rule's value (docs/deploy.md).
 */
function headersFile(headers: SiteHeaders): string {
  const all = [...headers.page].map(([name, value]) => `${name}: ${value}`);
  const rules = [
    "# Written by the site build (src/server/site/cdn-headers.ts): the headers the shop's server sends.",
    block(`${APP_BASE}/*`, [...all, `Cache-Control: ${REVALIDATE}`]),
    ...CACHE_RULES.map((rule) =>
      block(rule.exact ? rule.url : `${rule.url}*`, ['! Cache-Control', `Cache-Control: ${rule.cacheControl}`]),
    ),
    ...headers.resource.extensions.map((ext) =>
      block(`${APP_BASE}/*.${ext}`, [
        '! Content-Security-Policy',
        `Content-Security-Policy: ${headers.resource.policy}`,
      ]),
    ),
  ];
  return `${rules.join('\n\n')}\n`;
}

/** Writes _headers and the nginx server block into a built site. */
export async function writeCdnHeaders(siteDir: string, env: SecurityEnv, hashes: InlineHashes): Promise<void> {
  const headers = await siteHeaders(env, hashes, siteDir);
  await writeFile(join(siteDir, HEADERS_FILE), headersFile(headers));
  await writeFile(join(siteDir, NGINX_CONF_FILE), nginxConf(headers));
}
