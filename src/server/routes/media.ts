// GET /media/{products,banners,tags,stores}/{file}.svg — the demo catalogue's
// artwork, drawn here from the catalogue's own data (no remote images).
// Unknown barcodes and ids answer 404, never 500.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { bannerSvg, productSvg, storeLogoSvg, tagSvg } from '../catalogue/artwork.ts';

const svgResponse = (c: Context<AppEnv>, body: string) =>
  c.body(body, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
const notFound = (c: Context<AppEnv>) => c.text('Immagine non trovata', 404, { 'Cache-Control': 'no-store' });

const idFile = /^([0-9]{1,9})\.svg$/;

export const mediaRoutes = new Hono<AppEnv>()
  .get('/products/:file', async (c) => {
    const m = /^([0-9]{8,14})(?:-([1-9]))?\.svg$/.exec(c.req.param('file'));
    if (!m) return notFound(c);
    const p = await c
      .get('db')
      .selectFrom('products')
      .select(['description', 'brand', 'category_id'])
      .where('barcode', '=', m[1]!)
      .executeTakeFirst();
    if (!p) return notFound(c);
    return svgResponse(
      c,
      productSvg({ description: p.description, brand: p.brand, categoryId: p.category_id }, Number(m[2] ?? 1)),
    );
  })
  .get('/banners/:file', async (c) => {
    const m = /^([0-9]{1,9})(-app)?\.svg$/.exec(c.req.param('file'));
    if (!m) return notFound(c);
    const b = await c
      .get('db')
      .selectFrom('banners')
      .select(['id', 'title'])
      .where('id', '=', Number(m[1]))
      .executeTakeFirst();
    return b ? svgResponse(c, bannerSvg(b, m[2] !== undefined)) : notFound(c);
  })
  .get('/tags/:file', async (c) => {
    const m = idFile.exec(c.req.param('file'));
    if (!m) return notFound(c);
    const t = await c
      .get('db')
      .selectFrom('tags')
      .select(['id', 'description'])
      .where('id', '=', Number(m[1]))
      .executeTakeFirst();
    return t ? svgResponse(c, tagSvg(t)) : notFound(c);
  })
  .get('/stores/:file', async (c) => {
    const m = idFile.exec(c.req.param('file'));
    if (!m) return notFound(c);
    const s = await c
      .get('db')
      .selectFrom('stores')
      .select(['id', 'name'])
      .where('id', '=', Number(m[1]))
      .executeTakeFirst();
    return s ? svgResponse(c, storeLogoSvg(s)) : notFound(c);
  });
