// Several API processes started at the same moment on one empty PostgreSQL
// database (a scaled-out deploy, README "Scaling out"): one migrates and
// seeds under an advisory lock, the others wait and find it done; all of them
// come up and serve the same catalogue. PostgreSQL lane only (vitest.config.ts).
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, startShop, type StartedShop } from '../../scripts/bench-shop.helpers.ts';

const PRODUCTS = 120;
const shops: StartedShop[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  await Promise.all(shops.map((s) => s.stop()));
  await database?.drop();
});

describe('three API processes started at once on an empty database', () => {
  it('all come up, serve, and the database holds one catalogue and each migration once', async () => {
    database = await freshDatabase(process.env['DATABASE_URL']!, 'spesa_together');
    const env = {
      DATABASE_URL: database.url,
      SITE_BUILD: 'off',
      NODE_ENV: 'development',
      CATALOGUE_PRODUCTS: String(PRODUCTS),
      JWT_SECRET: 'shared-secret-of-the-three-processes',
      REBUILD_INTERVAL_MINUTES: '0',
    };
    const started = await Promise.allSettled([
      startShop(env, 180_000),
      startShop(env, 180_000),
      startShop(env, 180_000),
    ]);
    for (const s of started) if (s.status === 'fulfilled') shops.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))).toEqual([
      'ready',
      'ready',
      'ready',
    ]);

    const totals = await Promise.all(
      shops.map(async (shop) => {
        expect((await fetch(`${shop.url}/cli/health`)).status).toBe(200);
        const body = (await (await fetch(`${shop.url}/cli/ecommerce/products/1109/?s=1`)).json()) as {
          responseCode: number;
          data: { totalElements: number };
        };
        expect(body.responseCode).toBe(0);
        return body.data.totalElements;
      }),
    );
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const products = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      expect(products.rows[0]!.n).toBe(PRODUCTS);
      const twice = await client.query('SELECT name FROM schema_migrations GROUP BY name HAVING count(*) > 1');
      expect(twice.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
