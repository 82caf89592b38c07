// A site served by a CDN or nginx sends what the shop's own server sends: the
// build's _headers and nginx block carry the server's answer for a page and
// for a script, and the nginx block passes `nginx -t` (or, without nginx, has
// the headers in every location that serves a file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server serves SITE_DIR (site-paths.ts reads it once): set before the server's modules load.
const site = mkdtempSync(join(tmpdir(), 'spesa-cdn-site-'));
process.env['SITE_DIR'] = site;
const env = { TILE_URL: 'https://tiles.example.it/{z}/{x}/{y}.png', PAYMENT_ORIGINS: 'https://pay.example.it' };

const { shopHandler } = await import('../server.ts');
const { loadConfig } = await import('../config.ts');
const { openDb } = await import('../db/client.ts');
const { createMailer } = await import('../mail/mailer.ts');
const { createOrderEventHub } = await import('../services/order-events.ts');
const { siteHashes } = await import('./inline-hashes.ts');
const { writeModulePreloads } = await import('./module-preloads.ts');
const { writeCompressedCopies } = await import('./compressed-copies.ts');
const { writeCdnHeaders, HEADERS_FILE, NGINX_CONF_FILE } = await import('./cdn-headers.ts');

const page = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Spesa online</title>
<style>body{margin:0}</style><script>window.spesa = 1;</script><script type="module" src="/app/_astro/app.js"></script>
</head><body><h1 style="color:green">Benvenuti</h1>${'<p>Frutta e verdura di stagione.</p>'.repeat(60)}</body></html>`;

type Handle = Awaited<ReturnType<typeof openDb>>;
let handle: Handle;
let hub: ReturnType<typeof createOrderEventHub>;
let shop: Awaited<ReturnType<typeof shopHandler>>;

beforeAll(async () => {
  mkdirSync(join(site, '_astro'), { recursive: true });
  writeFileSync(join(site, 'index.html'), page);
  writeFileSync(join(site, '404.html'), '<!doctype html><title>Pagina non trovata</title><h1>Pagina non trovata</h1>');
  writeFileSync(join(site, '_astro', 'app.js'), `export const spesa = ${JSON.stringify('x'.repeat(2000))};`);
  writeFileSync(join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const collected = siteHashes();
  await writeModulePreloads(site, collected.add);
  const hashes = await collected.write(site);
  await writeCompressedCopies(site);
  await writeCdnHeaders(site, env, hashes);
  handle = await openDb({});
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
  hub = createOrderEventHub(handle);
  const mailer = createMailer(handle.db, undefined, 'test@spesa');
  shop = await shopHandler({ db: handle.db, config, mailer, orderEvents: hub }, () => true);
});

afterAll(async () => {
  await hub?.close();
  await handle?.close();
  rmSync(site, { recursive: true, force: true });
});

/** The rules of a _headers file: URL pattern → its lines in order, a detach ("! Name") as an empty value. */
function parseHeadersFile(text: string): Map<string, [string, string][]> {
  const rules = new Map<string, [string, string][]>();
  let current: [string, string][] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) {
      current = [];
      rules.set(line.trim(), current);
    } else if (line.trim().startsWith('!')) current.push([line.trim().slice(1).trim(), '']);
    else {
      const [name, ...value] = line.trim().split(': ');
      current.push([name!, value.join(': ')]);
    }
  }
  return rules;
}

/** What Cloudflare Pages sends for a URL: every matching rule in order, a detach dropping what came before. */
function headersFor(rules: Map<string, [string, string][]>, url: string): Map<string, string> {
  const sent = new Map<string, string>();
  for (const [pattern, lines] of rules) {
    const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '.*')}$`);
    if (!re.test(url)) continue;
    for (const [name, value] of lines) {
      const before = sent.get(name);
      if (!value) sent.delete(name);
      else sent.set(name, before ? `${before}, ${value}` : value);
    }
  }
  return sent;
}

const served = async (path: string) =>
  shop.request(`https://spesa.example.it${path}`, { headers: { 'Accept-Encoding': 'gzip' } });

describe('the _headers of the build', () => {
  it('gives a page the CSP, the security headers and the caching the shop’s server sends', async () => {
    const rules = parseHeadersFile(readFileSync(join(site, HEADERS_FILE), 'utf8'));
    const answer = await served('/app/');
    expect(answer.status).toBe(200);
    const cdn = headersFor(rules, '/app/');
    const csp = answer.headers.get('Content-Security-Policy');
    expect(csp).toContain("'sha256-");
    expect(csp).toContain('https://pay.example.it');
    expect(cdn.get('Content-Security-Policy')).toBe(csp);
    for (const name of [
      'Cache-Control',
      'X-Content-Type-Options',
      'X-Frame-Options',
      'Referrer-Policy',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
      'Strict-Transport-Security',
    ])
      expect([name, cdn.get(name)]).toEqual([name, answer.headers.get(name)]);
  });

  it('gives a hashed script the server’s immutable caching and its policy without the pages’ hashes', async () => {
    const rules = parseHeadersFile(readFileSync(join(site, HEADERS_FILE), 'utf8'));
    const answer = await served('/app/_astro/app.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Encoding')).toBe('gzip');
    const cdn = headersFor(rules, '/app/_astro/app.js');
    expect(cdn.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(cdn.get('Cache-Control')).toBe(answer.headers.get('Cache-Control'));
    expect(cdn.get('Content-Security-Policy')).toBe(answer.headers.get('Content-Security-Policy'));
    expect(cdn.get('Content-Security-Policy')).not.toContain("'sha256-");
  });

  it('keeps the pages’ policy for an SVG, which is a document too', async () => {
    const rules = parseHeadersFile(readFileSync(join(site, HEADERS_FILE), 'utf8'));
    const answer = await served('/app/favicon.svg');
    expect(headersFor(rules, '/app/favicon.svg').get('Content-Security-Policy')).toBe(
      answer.headers.get('Content-Security-Policy'),
    );
  });
});

describe('the nginx server block of the build', () => {
  const conf = () => readFileSync(join(site, NGINX_CONF_FILE), 'utf8');

  it('sets the server’s headers in every location that serves the site’s files, with their gzip copies', async () => {
    const answer = await served('/app/');
    const locations = [...conf().matchAll(/location ([^{]+)\{([^}]*)\}/g)].map((m) => ({
      match: m[1]!.trim(),
      body: m[2]!,
    }));
    const files = locations.filter((l) => l.body.includes('try_files'));
    expect(files.map((l) => l.match)).toEqual(expect.arrayContaining(['^~ /app/', '^~ /app/_astro/']));
    for (const { body } of files) {
      expect(body).toContain('gzip_static on;');
      expect(body).toContain('add_header Content-Security-Policy $spesa_csp always;');
      expect(body).toContain('add_header Strict-Transport-Security $spesa_hsts always;');
      for (const name of ['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy', 'Cache-Control'])
        expect(body).toMatch(new RegExp(`add_header ${name} "[^"]+" always;`));
    }
    expect(locations.find((l) => l.match === '^~ /app/')!.body).toContain(
      `add_header Cache-Control "${answer.headers.get('Cache-Control')}" always;`,
    );
    expect(conf()).toContain(`default "${answer.headers.get('Content-Security-Policy')}";`);
    // Where nginx is installed (Debian: apt-get install nginx-light), it reads the file as nginx would.
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
    if (nginx) expect(nginxCheck(nginx)).toBe('');
  });
});

function nginxCheck(nginx: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'spesa-nginx-'));
  try {
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; include ${join(site, NGINX_CONF_FILE)}; }`,
    );
    return execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
