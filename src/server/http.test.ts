// Request validation answers bad input the same way on every call: 400, the
// envelope with responseCode 4000, 'Richiesta non valida.' and the issues.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, FORBIDDEN, LOGIN_REQUIRED, TOO_MANY_ATTEMPTS } from '#src/shared/contract/errors.ts';
import { errorResponse, jsonBody, queryParams } from './http.ts';
import { createLogger, type Logger } from './logger.ts';
import { BadInput, BusinessError, LoginRequired, NotYours, TooLarge, TooManyAttempts } from './services/outcomes.ts';

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
    // A lone half of a UTF-16 pair: refused, not stored as U+FFFD; a whole pair is kept.
    expect(await (await post('{"name":"caff\\ud800","amount":1}')).json()).toEqual({
      responseCode: 4000,
      errorMessage: 'Richiesta non valida.',
      issues: [{ path: 'name', message: 'Carattere non ammesso.' }],
    });
    expect(await (await post('{"name":"caff\\u00e8 \\ud83d\\ude00","amount":1}')).json()).toEqual({
      name: 'caffè 😀',
      amount: 1,
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

describe('the outcomes services throw, as answers', () => {
  const logged: string[] = [];
  /** The answer to a request whose handler throws the outcome, with the request id and logger request-log.ts sets. */
  const answerTo = async (outcome: unknown) => {
    const res = await new Hono<{ Variables: { requestId: string; logger: Logger } }>()
      .use(async (c, next) => {
        c.set('requestId', 'req-1');
        c.set('logger', createLogger('info', { write: (line: string) => void logged.push(line) }));
        await next();
      })
      .get('/', () => {
        throw outcome;
      })
      .onError(errorResponse)
      .request('/');
    return { status: res.status, body: await res.json() };
  };

  it('answers a business outcome 200 with its code and message, and its data when it has any', async () => {
    expect(await answerTo(new BusinessError(ErrorCode.CART_NOT_FOUND))).toEqual({
      status: 200,
      body: { responseCode: 4004, errorMessage: 'Carrello non trovato.', requestId: 'req-1' },
    });
    expect(await answerTo(new BusinessError(ErrorCode.CART_NOT_FOUND, 'Il carrello è vuoto.'))).toEqual({
      status: 200,
      body: { responseCode: 4004, errorMessage: 'Il carrello è vuoto.', requestId: 'req-1' },
    });
    expect(
      await answerTo(new BusinessError(ErrorCode.CART_CLOSED_MOVED_TO_LIST, undefined, { smartListId: 7 })),
    ).toEqual({
      status: 200,
      body: {
        responseCode: 4008,
        errorMessage: new BusinessError(ErrorCode.CART_CLOSED_MOVED_TO_LIST).message,
        data: { smartListId: 7 },
        requestId: 'req-1',
      },
    });
  });

  it('answers bad input 400 / 4000 with its message and issues, if it has any', async () => {
    const issues = [{ path: 'addressId', message: 'Scegli un indirizzo di consegna' }];
    expect(await answerTo(new BadInput('Richiesta non valida.', issues))).toEqual({
      status: 400,
      body: { responseCode: 4000, errorMessage: 'Richiesta non valida.', issues, requestId: 'req-1' },
    });
    expect(await answerTo(new BadInput('Formato della richiesta non valido.'))).toEqual({
      status: 400,
      body: { responseCode: 4000, errorMessage: 'Formato della richiesta non valido.', requestId: 'req-1' },
    });
  });

  it('answers login required 401, not yours 403, too large 413 and too many attempts 429, each with its message', async () => {
    const refusals: [unknown, number, string][] = [
      [new LoginRequired(), 401, LOGIN_REQUIRED],
      [new NotYours(), 403, FORBIDDEN],
      [new TooLarge(), 413, 'Richiesta troppo grande.'],
      [new TooManyAttempts(), 429, TOO_MANY_ATTEMPTS],
    ];
    for (const [outcome, status, errorMessage] of refusals)
      expect(await answerTo(outcome)).toEqual({
        status,
        body: { responseCode: 4000, errorMessage, requestId: 'req-1' },
      });
  });

  it('answers any other error 500 with the generic message, telling nothing of it but the log', async () => {
    const { status, body } = await answerTo(new Error('segreto interno'));
    expect(status).toBe(500);
    expect(body).toEqual({ responseCode: 4000, errorMessage: expect.any(String), requestId: 'req-1' });
    expect(JSON.stringify(body)).not.toContain('segreto');
    expect(logged.join('')).toContain('segreto interno');
  });
});
