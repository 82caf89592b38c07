// GET /cli/openapi.json: the OpenAPI 3.1 document made from the calls' declarations is valid
// (checked by a maintained validator, @readme/openapi-parser), describes every registered
// call, and its schemas say what the API really takes and answers.
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '#src/shared/contract/call.ts';
import { allEndpoints, openApiCall } from '#src/shared/contract/endpoints.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let document: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        requestBody?: unknown;
        parameters?: { name: string; in: string }[];
        responses: Record<string, unknown>;
      }
    >
  >;
  components: { schemas: Record<string, { properties: Record<string, { enum?: number[] }> }> };
};
beforeAll(async () => {
  shop = await createTestShop({ products: 20 });
  const res = await shop.app.request('/cli/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  document = (await res.json()) as typeof document;
});
afterAll(() => shop.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.slice(0, 3)).toEqual([]);
    // The validator does refuse a broken document: a reference to nothing.
    const broken = structuredClone(document) as { paths: Record<string, unknown> };
    broken.paths['/cli/broken'] = { get: { responses: { '200': { $ref: '#/components/responses/Nothing' } } } };
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('describes every call the server registers (but itself), with its path parameters and body', () => {
    for (const e of allEndpoints.filter((e) => e !== openApiCall)) {
      const path = `${API_PREFIX}${e.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;
      const op = document.paths[path]?.[e.method];
      expect(op, `${e.method} ${path}`).toBeDefined();
      const inPath = (op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort()).toEqual(Object.keys(e.params ?? {}).sort());
      expect(Boolean(op!.requestBody), `${e.method} ${path} body`).toBe(Boolean(e.body));
    }
  });

  it('describes the envelope, the error catalogue and the 400 issues', () => {
    const open = document.paths['/cli/ecommerce/cart/open']!['post']!;
    expect(open.operationId).toBe('cart.open');
    expect(Object.keys(open.responses).sort()).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(document.components.schemas['BusinessError']!.properties['responseCode']!.enum).toEqual(
      expect.arrayContaining([4004, 4029, 4210]),
    );
    expect(Object.keys(document.components.schemas['RefusedRequest']!.properties)).toContain('issues');
    // The login's body as a client sends it: the fields the shop asks for.
    const login = document.paths['/cli/profiles/login']!['post']!.requestBody as {
      content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(login.content['application/json'].schema.required.sort()).toEqual(['password', 'username']);
  });
});
