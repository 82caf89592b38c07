// Request validation answers bad input the same way on every call: 400, the
// envelope with responseCode 4000, 'Richiesta non valida.' and the issues.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonBody, queryParams } from './http.ts';

const app = new Hono()
  .post('/items', jsonBody(z.object({ name: z.string().min(1), amount: z.number().int() })), (c) =>
    c.json(c.req.valid('json')),
  )
  .get('/items', queryParams(z.object({ p: z.coerce.number().int().min(0).default(0) })), (c) =>
    c.json(c.req.valid('query')),
  )
  .onError(errorResponse);

const post = (body: string) =>
  app.request('/items', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('request validation', () => {
  it('hands the handler the parsed input', async () => {
    expect(await (await post('{"name":"latte","amount":2}')).json()).toEqual({ name: 'latte', amount: 2 });
    expect(await (await app.request('/items?p=3')).json()).toEqual({ p: 3 });
    expect(await (await app.request('/items?p=3&p=5')).json()).toEqual({ p: 3 }); // a repeated parameter: its first value
  });

  it('refuses input outside the contract with the issues', async () => {
    const res = await post('{"name":"","amount":1.5}');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { responseCode: number; errorMessage: string; issues: { path: string }[] };
    expect(body).toMatchObject({ responseCode: 4000, errorMessage: 'Richiesta non valida.' });
    expect(body.issues.map((i) => i.path)).toEqual(['name', 'amount']);
    expect((await app.request('/items?p=-1')).status).toBe(400);
  });

  it('refuses text holding a NUL character before anything else, and a body that is not JSON', async () => {
    expect(await (await post('{"name":"a\\u0000b","amount":"x"}')).json()).toEqual({
      responseCode: 4000,
      errorMessage: 'Richiesta non valida.',
      issues: [{ path: 'name', message: 'Carattere non ammesso.' }],
    });
    const broken = await post('{"name":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      responseCode: 4000,
      errorMessage: 'Il corpo della richiesta non è un JSON valido.',
    });
  });
});

describe('bodies built to be costly', () => {
  it('refuses a body nested past the limit with 400 / 4000 before the schema, a 6,000-deep one too', async () => {
    for (const depth of [33, 6000, 200_000]) {
      const res = await post(`{"name":${'['.repeat(depth)}${']'.repeat(depth)},"amount":1}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        responseCode: 4000,
        errorMessage: 'Richiesta non valida.',
        issues: [{ path: '', message: 'Il corpo della richiesta ha più di 32 livelli annidati.' }],
      });
    }
  });

  it('refuses a body of more than 5,000 keys, and takes one within both limits to its schema', async () => {
    const many = JSON.stringify({
      name: 'latte',
      amount: 1,
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0])),
    });
    const res = await post(many);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: unknown }).issues).toEqual([
      { path: '', message: 'Il corpo della richiesta ha più di 5000 campi.' },
    ]);
    const deepButFine = `{"name":"latte","amount":1,"extra":${'['.repeat(30)}${']'.repeat(30)}}`;
    expect(await (await post(deepButFine)).json()).toEqual({ name: 'latte', amount: 1 });
  });

  it('judges a JSON body whatever its media type parameters, as the validator parses it', async () => {
    const res = await app.request('/items', {
      method: 'POST',
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
      body: `{"name":${'['.repeat(40)}${']'.repeat(40)}}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues[0]?.message).toMatch(/livelli annidati/);
  });
});
