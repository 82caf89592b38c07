// Everything that turns outcomes into HTTP answers (docs/architecture.md §3): the envelope,
// and the one mapping of the outcomes services throw (services/outcomes.ts) to their answers:
// a business outcome 200 with its code, bad input 400 with its issues, 401, 403, 413, 429.
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bytesAnswer } from './compression.ts';
import { routePath } from 'hono/route';
import { log, type Logger } from './logger.ts';
import { HTTPException } from 'hono/http-exception';
import { jsonShape } from './json-shape.ts';
import { z } from 'zod';
import type { Endpoint } from '#src/shared/contract/endpoints.ts';
import { COMMUNICATION_ERROR, ErrorCode, messageFor } from '#src/shared/contract/errors.ts';
import {
  BadInput,
  BusinessError,
  CrossSiteRefused,
  LoginRequired,
  NotYours,
  type Refusal,
  TooLarge,
  TooManyAttempts,
} from './services/outcomes.ts';

// Validation issues are shown to shoppers and callers: in Italian.
z.config(z.locales.it());

/** An answer of the API in its envelope, compressed as the browser takes it (compression.ts). */
export const jsonAnswer = (c: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  bytesAnswer(c, Buffer.from(JSON.stringify(body)), status, JSON_TYPE);
const JSON_TYPE = { 'Content-Type': 'application/json' };

export const ok = <T>(c: Context, data: T) => jsonAnswer(c, { responseCode: ErrorCode.OK, data });

/**
 * The first path holding text that cannot be stored as given: a NUL character (PostgreSQL refuses
 * one in text), or a lone half of a UTF-16 pair (not well-formed Unicode: it would be stored as
 * U+FFFD, the text changed without a word). Walked with a stack of its own, not by recursion: a
 * body reaches it only within JSON_LIMITS (json-shape.ts).
 */
function nulPath(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000') || !next.value.isWellFormed()) return next.path;
    } else if (next.value && typeof next.value === 'object') {
      // Pushed last to first, so the first field's path is the one found first.
      const entries = Object.entries(next.value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, path: [...next.path, key] });
      }
    }
  }
  return null;
}

const BAD_REQUEST = 'Richiesta non valida.';
const BAD_JSON = 'Il corpo della richiesta non è un JSON valido.';

/** The issues as the 400 answer lists them: a dotted path and the Italian message. */
const issuesOf = (error: { issues: readonly z.core.$ZodIssue[] }) =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** The refusal of any text holding a NUL character or a lone surrogate, or null. */
function nulRefusal(input: unknown): z.ZodError | null {
  const nul = nulPath(input);
  return nul === null
    ? null
    : new z.ZodError([{ code: 'custom', path: nul, message: 'Carattere non ammesso.', input }]);
}

/**
 * A schema's verdict on input, refusing first any text holding a NUL character
 * (typed as zod-validator's validationFunction wants it: its own view of zod's result type).
 */
function verdict(schema: z.ZodType, input: unknown): never {
  const error = nulRefusal(input);
  return (error ? Promise.resolve({ success: false, error }) : schema.safeParseAsync(input)) as never;
}

/** Parses input against its contract schema (a path parameter, say) or answers 400 / 4000 with the issues. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const error = nulRefusal(input);
  if (error) throw new BadInput(BAD_REQUEST, issuesOf(error));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadInput(BAD_REQUEST, issuesOf(result.error));
}

/** What zod-validator tells its hook: the input passed, or the issues that refused it. */
export type Verdict = { success: true } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };

/** zod-validator's hook: a refused input is the 400 / 4000 answer with its issues, as every API call gives it. */
export const refuse = (result: Verdict) => {
  if (!result.success) throw new BadInput(BAD_REQUEST, issuesOf(result.error));
};

/**
 * The JSON body, validated against its contract schema before the handler
 * runs (read it with c.req.valid('json')). Without a JSON Content-Type the
 * body counts as {} (Hono's validator); one that is not JSON answers 400.
 */
export const jsonBody = <S extends z.ZodType>(schema: S, onVerdict: (result: Verdict) => void = refuse) => {
  const validator = zValidator('json', schema, onVerdict, { validationFunction: verdict });
  return (async (c, next) => {
    await refuseCostlyShape(c);
    return validator(c, next);
  }) as typeof validator;
};

/** Hono's validator's test for a JSON body (it parses only these; any other body counts as {}). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const isJsonBody = (c: Context) =>
  JSON_MEDIA_TYPE.test((c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '');

/**
 * A JSON body nested too deep or holding too many keys is refused (400 / 4000) on its text,
 * before it is parsed, walked or validated (json-shape.ts). The text read here is the one
 * the validator then parses: Hono keeps a request's body once read.
 */
async function refuseCostlyShape(c: Context): Promise<void> {
  if (!isJsonBody(c)) return;
  const shape = jsonShape(await c.req.text());
  if (!shape.ok) throw new BadInput(BAD_REQUEST, [{ path: '', message: shape.message }]);
}

/** The query string, validated likewise (c.req.valid('query')); a repeated parameter counts once, its first value. */
export const queryParams = <S extends z.ZodType>(schema: S) =>
  zValidator('query', schema, refuse, {
    validationFunction: (s, query) =>
      verdict(s, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]))),
  });

/** What a route's handler reads with c.req.valid(): the endpoint's query, JSON body and path parameters, parsed. */
type ValidatedInput<E extends Endpoint> = {
  out: (E extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : Record<never, never>) &
    (E extends { body: infer B extends z.ZodType } ? { json: z.output<B> } : Record<never, never>) &
    (E extends { params: infer P extends Record<string, z.ZodType> }
      ? { param: { [K in keyof P]: z.output<P[K]> } }
      : Record<never, never>);
};

/**
 * The input of a route checked against its contract entry before the handler
 * runs: the query, then the JSON body, then each path parameter on its own
 * (as parseInput, so a refusal lists the same issues). `onBody` replaces the
 * 400 answer for a refused body (signup answers business codes instead).
 */
export function inputOf<E extends Endpoint>(
  e: E,
  onBody: (result: Verdict) => void = refuse,
  // biome-ignore lint/suspicious/noExplicitAny: the middleware fits any route's environment.
): MiddlewareHandler<any, string, ValidatedInput<E>> {
  const steps: MiddlewareHandler[] = [];
  if (e.query) steps.push(queryParams(e.query));
  if (e.body) steps.push(jsonBody(e.body, onBody));
  const params = Object.entries(e.params ?? {});
  return async (c, next) => {
    const run = async (i: number): Promise<Response | undefined> => {
      const step = steps[i];
      if (step) return (await step(c, async () => void (await run(i + 1)))) ?? undefined;
      if (params.length) {
        const parsed = Object.fromEntries(
          params.map(([name, schema]) => [name, parseInput(schema, c.req.param(name))]),
        );
        c.req.addValidatedData('param', parsed);
      }
      await next();
      return undefined;
    };
    return run(0);
  };
}

const DATABASE_UNAVAILABLE = 'Servizio momentaneamente non disponibile: riprova tra qualche istante.';

/** The database server is down, restarting or out of reach (not a fault of the request). */
function databaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE 08 connection exception, 57P01-57P03 shutdown / crash / starting up, 53300 too many connections.
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    // postgres.js: a connection lost, ended or not made in time.
    if (['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT'].includes(code))
      return true;
  }
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i.test(
    error.message,
  );
}

/**
 * An error answer in the envelope, with the request's id (request-log.ts) so that a
 * shopper's report or a browser's console can be matched with the server's log line.
 */
function errorAnswer(c: Context, body: Record<string, unknown>, status: ContentfulStatusCode): Response {
  const requestId: unknown = c.get('requestId');
  return jsonAnswer(c, typeof requestId === 'string' ? { ...body, requestId } : body, status);
}

/** What the log says of a failed request: its id and route pattern, never its path or query (request-log.ts). */
const requestFields = (c: Context) => ({
  reqId: c.get('requestId') as unknown,
  method: c.req.method,
  route: routePath(c),
});
const loggerOf = (c: Context): Logger => (c.get('logger') as Logger | undefined) ?? log;

/** 503 in the envelope: the database is unavailable (an outage, or the readiness check failed). */
export function unavailableResponse(c: Context): Response {
  c.header('Retry-After', '5');
  return errorAnswer(c, { responseCode: ErrorCode.GENERIC, errorMessage: DATABASE_UNAVAILABLE }, 503);
}

/** The HTTP status of each outcome but a business one (200 with its code); undefined for any other error. */
function statusOf(error: unknown): 400 | 401 | 403 | 413 | 429 | undefined {
  if (error instanceof BadInput) return 400;
  if (error instanceof LoginRequired) return 401;
  if (error instanceof NotYours || error instanceof CrossSiteRefused) return 403;
  if (error instanceof TooLarge) return 413;
  if (error instanceof TooManyAttempts) return 429;
  return undefined;
}

/**
 * Every error a request ends with, as its answer: the outcomes of services/outcomes.ts as
 * §3 says, the caller's malformed or oversized body, 503 while the database is out of reach,
 * and 500 (logged) for anything else.
 */
export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof BusinessError) {
    const body: Record<string, unknown> = { responseCode: error.code, errorMessage: error.message };
    if (error.data !== undefined) body['data'] = error.data;
    return errorAnswer(c, body, 200);
  }
  const status = statusOf(error);
  if (status !== undefined) {
    const refusal = error as Refusal;
    const body: Record<string, unknown> = { responseCode: ErrorCode.GENERIC, errorMessage: refusal.message };
    if (refusal instanceof BadInput && refusal.issues) body['issues'] = refusal.issues;
    return errorAnswer(c, body, status);
  }
  // Hono's own errors for oversized or unreadable bodies are the caller's fault.
  if (error instanceof Error && 'status' in error && error.status === 413) {
    return errorAnswer(c, { responseCode: ErrorCode.GENERIC, errorMessage: new TooLarge().message }, 413);
  }
  if (error instanceof HTTPException && error.status === 400) {
    return errorAnswer(c, { responseCode: ErrorCode.GENERIC, errorMessage: BAD_JSON }, 400);
  }
  if (databaseUnavailable(error)) {
    loggerOf(c).warn({ ...requestFields(c), err: error }, 'database unavailable');
    return unavailableResponse(c);
  }
  loggerOf(c).error({ ...requestFields(c), err: error }, 'unexpected error');
  return errorAnswer(c, { responseCode: ErrorCode.GENERIC, errorMessage: messageFor(ErrorCode.GENERIC) }, 500);
}

/** 404: JSON in the envelope for API paths, plain text elsewhere. */
export const notFoundResponse = (c: Context) =>
  c.req.path.startsWith('/cli/') || c.req.path.startsWith('/dev/')
    ? errorAnswer(
        c,
        { responseCode: ErrorCode.GENERIC, errorMessage: `${COMMUNICATION_ERROR}: risorsa non trovata.` },
        404,
      )
    : c.text('Pagina non trovata', 404);
