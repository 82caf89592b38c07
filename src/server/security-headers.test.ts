import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { securityHeaders, tileOrigin } from './security-headers.ts';
import { inlineHashes } from './site/inline-hashes.ts';

describe('security headers', () => {
  const app = new Hono()
    .use(securityHeaders({ TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' }))
    .get('/x', (c) => c.text('ok'));

  it('sends a CSP allowing only the shop, its tiles and no foreign frames, plus nosniff', async () => {
    const res = await app.request('/x');
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: https://*.tiles.example.org");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('lets mail programs show the mails’ logo from any origin, and keeps every other answer to the shop’s own', async () => {
    const site = new Hono()
      .use(securityHeaders({}))
      .get('/app/*', (c) => c.body('png', 200, { 'Content-Type': 'image/png' }));
    expect((await site.request('/app/logo-mail.png')).headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect((await site.request('/app/logo.svg')).headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect((await app.request('/x')).headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  });

  it('adds HSTS behind TLS', async () => {
    const res = await app.request('/x', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
  });

  it('adds HSTS to a request made over TLS itself, and only to it', async () => {
    const own = await app.request('https://spesa.example/x');
    expect(own.headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
    expect((await app.request('http://spesa.example/x')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await app.request('http://spesa.example/https:')).headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('lets the payment frames and the hosted form reach the configured providers, and nothing else', async () => {
    const withProviders = new Hono()
      .use(
        securityHeaders({
          XPAY_URL: 'https://int-ecommerce.nexi.example/ecomm',
          IPG_URL: 'https://test.ipg.example/connect/gateway',
        }),
      )
      .get('/x', (c) => c.text('ok'));
    const csp = (await withProviders.request('/x')).headers.get('Content-Security-Policy')!;
    expect(csp).toContain("frame-src 'self' https://int-ecommerce.nexi.example https://test.ipg.example");
    expect(csp).toContain("form-action 'self' https://int-ecommerce.nexi.example https://test.ipg.example");
    const plain = (await app.request('/x')).headers.get('Content-Security-Policy')!;
    expect(plain).toContain("frame-src 'self';");
    expect(plain).toContain("form-action 'self';");
  });

  it("allows the site's inline scripts and styles only by hash, never 'unsafe-inline'", async () => {
    const site = inlineHashes(
      '<style>a{color:red}</style><script>go()</script><script type="application/ld+json">{}</script><p style="margin:0">x</p>',
    );
    const hashed = new Hono().use(securityHeaders({}, () => site)).get('/app/x', (c) => c.text('ok'));
    const csp = (await hashed.request('/app/x')).headers.get('Content-Security-Policy')!;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!;
    for (const name of ['script-src', 'style-src', 'style-src-elem', 'style-src-attr'])
      expect(directive(name)).not.toContain("'unsafe-inline'");
    for (const hash of site.scripts) expect(directive('script-src')).toContain(hash);
    expect(directive('script-src')).not.toContain("'unsafe-eval'");
    expect(directive('style-src-elem')).toContain(site.styles[0]);
    expect(directive('style-src-attr')).toBe(`style-src-attr 'unsafe-hashes' ${site.styleAttributes[0]}`);
    // The page that posts a payment form on (also in the 3-D Secure frame) runs its one script.
    expect(directive('script-src')).toContain(inlineHashes('<script>document.forms[0].submit()</script>').scripts[0]);
    // The stand-in provider's pages alone keep inline scripts; it never runs in production.
    const sandbox = (
      await new Hono()
        .use(securityHeaders({}, () => site))
        .get('/sandbox/x', (c) => c.text('ok'))
        .request('/sandbox/x')
    ).headers.get('Content-Security-Policy')!;
    expect(sandbox).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('sends the inline hashes with documents only: a script, a stylesheet or an API answer gets the policy without them', async () => {
    const site = inlineHashes('<script>go()</script><style>a{color:red}</style>');
    const served = new Hono()
      .use(securityHeaders({}, () => site))
      .get('/app/page', (c) => c.html('<p>ok</p>'))
      .get('/app/logo.svg', (c) => c.body('<svg/>', 200, { 'Content-Type': 'image/svg+xml' }))
      .get('/app/a.js', (c) => c.body('go()', 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
      .get('/app/a.css', (c) => c.body('a{}', 200, { 'Content-Type': 'text/css' }))
      .get('/cli/x', (c) => c.json({ responseCode: 0 }));
    const policy = async (path: string) => (await served.request(path)).headers.get('Content-Security-Policy')!;
    for (const path of ['/app/page', '/app/logo.svg']) expect(await policy(path)).toContain(site.scripts[0]);
    for (const path of ['/app/a.js', '/app/a.css', '/cli/x']) {
      const csp = await policy(path);
      expect(csp).not.toContain(site.scripts[0]);
      expect(csp).not.toContain(site.styles[0]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("style-src-attr 'none'");
    }
  });

  it('reads the origin of a tile template', () => {
    expect(tileOrigin(undefined)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('not a url')).toBe('https://tile.openstreetmap.org');
  });
});
