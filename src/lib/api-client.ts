// The one client the islands use to call /cli (docs/architecture.md §1): the session goes
// along in its HttpOnly cookie (decision 027), responseCode → Italian message (docs/product.md §8),
// and the 401/403 rules: clear the session, go home, and for 401 say the session expired.
import { routes } from '#src/shared/routes.ts';
import type { Answering, InputOf } from '#src/shared/contract/endpoints.ts';
import { type Call, urlOf } from '#src/shared/contract/call.ts';
import ky, { type KyInstance } from 'ky';
import type { z } from '#src/shared/zod.ts';
import {
  COMMUNICATION_ERROR,
  ErrorCode,
  GENERIC_ERROR,
  SESSION_EXPIRED,
  TOO_MANY_ATTEMPTS,
  messageFor,
} from '#src/shared/contract/errors.ts';
import { $user, clearSession } from '#src/shop/session.store.ts';
import { flashToast } from '#src/lib/flash.ts';
import { showToast } from './toast.store.ts';
import { OFFLINE_WRITE_REFUSED } from '#src/shared/offline-refusal.ts';

/** A refused call: code of docs/product.md §8 (4000 for communication errors) and the message to show. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /**
   * A business error's own text as the server wrote it (null for HTTP-level refusals): the
   * screens of docs/product.md §8 that show "the server message" (reset, password change) say this one,
   * which may be more precise than the catalogue's text for its code.
   */
  readonly serverMessage: string | null;
  constructor(code: number, message: string, status: number, serverMessage: string | null = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** What a screen showing the server's message says: its text, else the message of the error's code. */
export const serverMessageOf = (error: ApiError): string => error.serverMessage ?? error.message;

/** The message to show for a failed call: the server's, or the generic one for anything else. */
export const errorMessageOf = (error: unknown): string => (error instanceof ApiError ? error.message : GENERIC_ERROR);

/** A call's result: its data, or for the calls that can answer 4105 (the contract's `changed`) what changed. */
export type ApiResult<T, C = unknown> =
  | { responseCode: 0; data: T }
  | { responseCode: typeof ErrorCode.PRICES_CHANGED; data: C };

/** The data of a call's 4105 answer, as the contract describes it. */
type ChangedOf<E> = E extends { changed: infer C extends z.ZodType } ? z.output<C> : unknown;

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** What to do when the session is lost (401/403): by default, go home. */
  onSessionLost?: (status: 401 | 403) => void;
}

/** A write refused because the browser is offline: it never left the browser, and says so. */
export class OfflineError extends ApiError {
  constructor() {
    super(ErrorCode.GENERIC, OFFLINE_WRITE_REFUSED, 0);
  }
}

/** Whether the browser says it has no connection (never true outside a browser). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** What goes out with a call: path parameters, query and JSON body. */
type SentInput = { params?: object; query?: object; body?: unknown; sent?: Promise<Response> | undefined };

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
      afterResponse: [({ response }) => checkSession(response)],
    },
  });

  async function send<T>(e: Call, input: SentInput): Promise<ApiResult<T>> {
    // A call without a body schema still sends {} when it posts, as the server has always been sent.
    const json = e.method === 'get' ? undefined : (input.body ?? {});
    // Offline, a write (add to cart, book, pay, sign in) is refused at once, never
    // queued: the shopper retries once the connection is back.
    if (e.method !== 'get' && isOffline()) throw new OfflineError();
    let response: Response;
    try {
      if (input.sent) {
        response = await input.sent;
        checkSession(response);
      } else response = await http(urlOf(e, input), { method: e.method, ...(json === undefined ? {} : { json }) });
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
      const serverMessage = typeof body.errorMessage === 'string' && body.errorMessage ? body.errorMessage : null;
      throw new ApiError(
        body.responseCode,
        messageFor(body.responseCode, serverMessage ?? undefined),
        response.status,
        serverMessage,
      );
    }
    // The data as the server sent it: the API tests hold every answer to its call's output
    // schema (shared/contract/calls.ts says why the browser does not parse it again).
    return { responseCode: 0, data: body.data as T };
  }

  /** A call of the contract: returns its data, or the 4105 answer (prices changed) as it came. */
  function call<E extends Answering>(
    e: Call<E>,
    ...[input]: InputOf<E>
  ): Promise<ApiResult<z.output<E['output']>, ChangedOf<E>>> {
    return send(e, input ?? {}) as Promise<ApiResult<z.output<E['output']>, ChangedOf<E>>>;
  }

  /** Calls that must succeed with code 0: returns data, throws ApiError otherwise. */
  async function data<E extends Answering>(e: Call<E>, ...input: InputOf<E>): Promise<z.output<E['output']>> {
    const result = await call(e, ...input);
    if (result.responseCode !== 0) throw new ApiError(result.responseCode, messageFor(result.responseCode), 200);
    return result.data;
  }

  return { call, data };
}

export const api = createApiClient();
