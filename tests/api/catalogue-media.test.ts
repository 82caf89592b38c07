// The catalogue's artwork under /media, as a browser loading product images sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '#src/server/app-env.ts';
import type { DbHandle } from '#src/server/db/client.ts';
import { openTestDatabase } from './harness.ts';
import { migrate } from '#src/server/db/migrate.ts';
import { seedIfEmpty } from '#src/server/catalogue/seed.ts';
import { mediaRoutes } from '#src/server/routes/media.ts';

let handle: DbHandle;
/** PGlite in memory, or a database of its own on DATABASE_URL's server (npm run test:pg). */
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
let app: Hono<AppEnv>;

beforeAll(async () => {
  database = await openTestDatabase();
  handle = database.handle;
  await migrate(handle);
  await seedIfEmpty(handle, { products: 200 });
  app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', handle.db);
    await next();
  });
  app.route('/media', mediaRoutes);
});
afterAll(async () => {
  await database?.close();
});

async function get(path: string) {
  const res = await app.request(path);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

describe('GET /media', () => {
  it('draws each image of a product as a titled SVG, cached for a day', async () => {
    const p =
      (await handle.db
        .selectFrom('products')
        .select(['barcode', 'description'])
        .where('description', 'like', '%&%')
        .executeTakeFirst()) ??
      (await handle.db
        .selectFrom('products')
        .select(['barcode', 'description'])
        .orderBy('id')
        .executeTakeFirstOrThrow());
    for (const file of [`${p.barcode}.svg`, `${p.barcode}-2.svg`, `${p.barcode}-3.svg`]) {
      const res = await get(`/media/products/${file}`);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^image\/svg\+xml/);
      expect(res.cache).toBe('public, max-age=86400');
      expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 400 400"[^>]*>/);
      expect(res.body).toMatch(/width="400" height="400"/);
      expect(res.body).toContain(`<title>${p.description.replace(/&/g, '&amp;').replace(/'/g, '&apos;')}</title>`);
    }
    expect((await get(`/media/products/${p.barcode}.svg`)).body).toBe(
      (await get(`/media/products/${p.barcode}.svg`)).body,
    );
  });

  it('escapes the names it writes into the picture', async () => {
    const p = await handle.db.selectFrom('products').select(['id', 'barcode']).orderBy('id').executeTakeFirstOrThrow();
    await handle.db
      .updateTable('products')
      .set({ description: 'Biscotti <script>alert("x")</script> & latte' })
      .where('id', '=', p.id)
      .execute();
    const res = await get(`/media/products/${p.barcode}.svg`);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).toContain('&amp; latte');
  });

  it('draws wide banners for the web and the app, tag badges and store logos', async () => {
    const web = await get('/media/banners/1.svg');
    expect(web.status).toBe(200);
    expect(web.body).toContain('viewBox="0 0 1200 400"');
    expect((await get('/media/banners/1-app.svg')).body).toContain('viewBox="0 0 800 400"');
    expect((await get('/media/tags/1.svg')).body).toContain('<title>Bio</title>');
    const logo = await get('/media/stores/1109.svg');
    expect(logo.status).toBe(200);
    expect(logo.body).toContain('Superstore Bari Japigia');
  });

  it.each([
    '/media/products/8000000000000.svg',
    '/media/products/abc.svg',
    '/media/products/..%2F..%2Fetc.svg',
    '/media/banners/99.svg',
    '/media/tags/0.svg',
    '/media/stores/9999.svg',
    '/media/stores/1109.png',
  ])('answers 404 for %s', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
