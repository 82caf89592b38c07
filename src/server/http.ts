// Everything that turns outcomes into HTTP answers (DESIGN.md §3): the
// envelope, business errors, 400 for bad input, 401/403/429.
import type { Context } from 'hono';
import { z } from 'zod';
import {
  COMMUNICATION_ERROR,
  ErrorCode,
  FORBIDDEN,
  LOGIN_REQUIRED,
  TOO_MANY_ATTEMPTS,
  messageFor,
} from '#src/shared/contract/errors.ts';

// Validation issues are shown to shoppers and callers: in Italian.
z.config(z.locales.it());

/** A business outcome of spec §8: HTTP 200 with a non-zero responseCode. */
export class BusinessError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message?: string, data?: unknown) {
    super(message ?? messageFor(code));
    this.code = code;
    this.data = data;
  }
}

/** An HTTP-level refusal: 400 (bad input), 401, 403, 404, 413 (body too large), 429. */
export class HttpError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 413 | 429;
  readonly issues: unknown[] | undefined;
  constructor(status: HttpError['status'], message: string, issues?: unknown[]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

export const unauthorized = () => new HttpError(401, LOGIN_REQUIRED);
export const forbidden = () => new HttpError(403, FORBIDDEN);
export const tooManyAttempts = () => new HttpError(429, TOO_MANY_ATTEMPTS);

export const ok = <T>(c: Context, data: T) => c.json({ responseCode: ErrorCode.OK, data });

/** The first path holding a NUL character: PostgreSQL cannot store one in text. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulPath(inner, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Parses input against its contract schema or answers 400 / 4000 with the issues. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulPath(input);
  if (nul !== null)
    throw new HttpError(400, 'Richiesta non valida.', [{ path: nul, message: 'Carattere non ammesso.' }]);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new HttpError(400, 'Richiesta non valida.', issues);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseInput(schema, c.req.query());
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Il corpo della richiesta non è un JSON valido.');
  }
  return parseInput(schema, body);
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
  }
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i.test(
    error.message,
  );
}

export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof BusinessError) {
    const body: Record<string, unknown> = { responseCode: error.code, errorMessage: error.message };
    if (error.data !== undefined) body['data'] = error.data;
    return c.json(body, 200);
  }
  if (error instanceof HttpError) {
    const body: Record<string, unknown> = { responseCode: ErrorCode.GENERIC, errorMessage: error.message };
    if (error.issues) body['issues'] = error.issues;
    return c.json(body, error.status);
  }
  // Hono's own errors for oversized or unreadable bodies are the caller's fault.
  if (error instanceof Error && 'status' in error && error.status === 413) {
    return c.json({ responseCode: ErrorCode.GENERIC, errorMessage: 'Richiesta troppo grande.' }, 413);
  }
  if (databaseUnavailable(error)) {
    console.warn(
      `[api] database unavailable: ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    c.header('Retry-After', '5');
    return c.json({ responseCode: ErrorCode.GENERIC, errorMessage: DATABASE_UNAVAILABLE }, 503);
  }
  console.error('[api] unexpected error', c.req.method, c.req.path, error);
  return c.json({ responseCode: ErrorCode.GENERIC, errorMessage: messageFor(ErrorCode.GENERIC) }, 500);
}

/** 404: JSON in the envelope for API paths, plain text elsewhere. */
export const notFoundResponse = (c: Context) =>
  c.req.path.startsWith('/cli/') || c.req.path.startsWith('/dev/')
    ? c.json({ responseCode: ErrorCode.GENERIC, errorMessage: `${COMMUNICATION_ERROR}: risorsa non trovata.` }, 404)
    : c.text('Pagina non trovata', 404);
