// The one client the islands use to call /cli (DESIGN.md §1): bearer token
// from the session, responseCode → Italian message (spec §8), and the 401/403
// rules: clear the session, go home, and for 401 say the session expired.
import { routes } from '#src/shared/routes.ts';
import ky, { type KyInstance } from 'ky';
import { z } from 'zod';
import {
  COMMUNICATION_ERROR,
  ErrorCode,
  SESSION_EXPIRED,
  TOO_MANY_ATTEMPTS,
  messageFor,
} from '#src/shared/contract/errors.ts';
import { $user, clearSession } from '#src/shop/session.store.ts';
import { flashToast } from '#src/lib/flash.ts';
import { showToast } from './toast.store.ts';

// zod would probe `new Function` to compile its parsers; the shop's CSP
// forbids eval, so it validates without that (and the browser reports nothing).
z.config({ jitless: true });

/** A refused call: code of spec §8 (4000 for communication errors) and the message to show. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export type ApiResult<T> =
  | { responseCode: 0; data: T }
  | { responseCode: typeof ErrorCode.PRICES_CHANGED; data: unknown };

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** What to do when the session is lost (401/403): by default, go home. */
  onSessionLost?: (status: 401 | 403) => void;
}

const goHome = () => {
  if (typeof window !== 'undefined') window.location.assign(routes.home);
};

export function createApiClient(options: ClientOptions = {}) {
  const onSessionLost = options.onSessionLost ?? goHome;
  /** 401/403: the session is gone; 401 says it expired. */
  const checkSession = (response: Response) => {
    if (response.status === 401 || response.status === 403) {
      const hadSession = $user.get() !== null;
      clearSession();
      if (response.status === 401 && hadSession) {
        showToast(SESSION_EXPIRED, 'error');
        // Going home unloads this page and its toast with it: the home
        // page shows it again from sessionStorage (toaster.ts).
        if (!options.onSessionLost) flashToast(SESSION_EXPIRED, 'error');
      }
      onSessionLost(response.status);
    }
  };
  const http: KyInstance = ky.create({
    baseUrl: options.baseUrl ?? (typeof window !== 'undefined' ? window.location.origin : 'http://localhost'),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    throwHttpErrors: false,
    retry: 0,
    timeout: 30_000,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const jwt = $user.get()?.jwt;
          if (jwt) request.headers.set('Authorization', `Bearer ${jwt}`);
        },
      ],
      afterResponse: [({ response }) => checkSession(response)],
    },
  });

  async function call<T>(
    method: 'get' | 'post' | 'put',
    path: string,
    schema: z.ZodType<T>,
    init: {
      json?: unknown;
      searchParams?: Record<string, string | number | boolean>;
      /** The answer of this very call, already asked for (e.g. as the page started): read instead of asking again. */
      sent?: Promise<Response>;
    } = {},
  ): Promise<ApiResult<T>> {
    const { sent, ...request } = init;
    let response: Response;
    try {
      if (sent) {
        response = await sent;
        checkSession(response);
      } else response = await http(path, { method, ...request });
    } catch {
      throw new ApiError(ErrorCode.GENERIC, COMMUNICATION_ERROR, 0);
    }
    if (response.status === 401 || response.status === 403 || response.status >= 400) {
      const message =
        response.status === 401 ? SESSION_EXPIRED : response.status === 429 ? TOO_MANY_ATTEMPTS : COMMUNICATION_ERROR;
      throw new ApiError(ErrorCode.GENERIC, message, response.status);
    }
    const body = (await response.json().catch(() => null)) as {
      responseCode?: unknown;
      data?: unknown;
      errorMessage?: unknown;
    } | null;
    if (!body || typeof body.responseCode !== 'number')
      throw new ApiError(ErrorCode.GENERIC, COMMUNICATION_ERROR, response.status);
    if (body.responseCode === ErrorCode.PRICES_CHANGED)
      return { responseCode: ErrorCode.PRICES_CHANGED, data: body.data };
    if (body.responseCode !== 0) {
      throw new ApiError(
        body.responseCode,
        messageFor(body.responseCode, typeof body.errorMessage === 'string' ? body.errorMessage : undefined),
        response.status,
      );
    }
    const parsed = schema.safeParse(body.data);
    if (!parsed.success) throw new ApiError(ErrorCode.GENERIC, COMMUNICATION_ERROR, response.status);
    return { responseCode: 0, data: parsed.data };
  }

  /** Calls that must succeed with code 0: returns data, throws ApiError otherwise. */
  async function data<T>(
    method: 'get' | 'post' | 'put',
    path: string,
    schema: z.ZodType<T>,
    init?: Parameters<typeof call>[3],
  ): Promise<T> {
    const result = await call(method, path, schema, init);
    if (result.responseCode !== 0) throw new ApiError(result.responseCode, messageFor(result.responseCode), 200);
    return result.data;
  }

  return { call, data };
}

export const api = createApiClient();
