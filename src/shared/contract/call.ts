// What a call is to its caller, without its schemas: its method and its path under /cli
// (Hono style, with :params). Each call is declared once, with its schemas, in
// endpoints.ts; the browser takes its calls from calls.generated.ts (the same method and
// path, written from endpoints.ts by `npm run contract:calls`), typed by those
// declarations, so its bundles carry none of the contract's schemas: it sends what its
// forms have checked, and takes an answer's data as the server sent it. That is safe
// because every answer of the API tests is held to its call's output schema, and to a
// parse that finds nothing to fill in or convert (tests/api/harness.ts checkAnswer).
import type { Endpoint } from './endpoints.ts';

/** The prefix every call's path sits under. */
export const API_PREFIX = '/cli';

declare const endpointOf: unique symbol;

/** A call's method and path, carrying for the type checker only its declaration (its schemas' types). */
export type Call<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly [endpointOf]?: E;
};

/** A group of declarations (endpoints.ts) as the browser has them: each call's method and path. */
export type CallsOf<T> = { readonly [K in keyof T]: T[K] extends Endpoint ? Call<T[K]> : never };

/** The path of a call with its parameters filled in and its query appended (undefined values left out). */
export function urlOf(e: { readonly path: string }, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.append(key, String(value));
  }
  const qs = query.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}
