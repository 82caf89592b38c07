// The contract's table of calls and the routes the server registers under
// /cli are the same set, so a route cannot be added, moved or dropped on one
// side only (shared/contract/endpoints.ts).
import { describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { allEndpoints } from '#src/shared/contract/endpoints.ts';

/** A route as METHOD /path, the trailing slash aside (the product listing answers with and without it). */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/(.)\/$/, '$1')}`;

async function registeredRoutes(): Promise<string[]> {
  // Registering routes reads neither the database nor the mailer.
  const app = await createApp({
    db: {} as never,
    config: loadConfig({ ...process.env, NODE_ENV: 'test' }),
    mailer: { usesOutbox: false } as never,
    orderEvents: {} as never,
  });
  const keys = app.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/`))
    .map((r) => routeKey(r.method, r.path));
  return [...new Set(keys)].sort();
}

describe('the contract of the /cli calls', () => {
  it('describes exactly the routes the server registers', async () => {
    const described = [...new Set(allEndpoints.map((e) => routeKey(e.method, `${API_PREFIX}${e.path}`)))].sort();
    expect(await registeredRoutes()).toEqual(described);
  });

  it('names each path parameter of a path in its params schemas, and no other', () => {
    for (const e of allEndpoints) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      expect(Object.keys(e.params ?? {}).sort(), `${e.method} ${e.path}`).toEqual(inPath);
    }
  });
});
