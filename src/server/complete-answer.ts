// An answer made with every header it goes out with, as one plain object.
//
// A shop answer normally passes the shop's middleware on its way out: the
// security headers (security-headers.ts) and the compression (compression.ts)
// read and set its headers, and an answer's headers are then a web Headers
// object. Each set there lower-cases, checks and hashes a name, and the server
// turns the object back into a plain one to write it (@hono/node-server's
// buildOutgoingHttpHeaders): for an answer the catalogue cache already holds
// compressed, that was a tenth of the main thread's time (docs/performance.md,
// twenty-seventh sitting). An answer whose headers were given as a plain object
// and never read is written by the server straight from that object.
//
// So such an answer is made here whole: the headers the middleware would have
// given it (`outgoing`, set by it on the context before the handler runs) with
// the handler's own, and the middleware leaves it as it is. Without the shop's
// middleware (the API alone, as in the API tests) there are none to give, and
// the answer is made as any other.
import type { Context } from 'hono';

/** Answers made whole here: the shop's middleware lets them through untouched. */
const complete = new WeakSet<Response>();

/** Whether the answer was made whole (completeAnswer): its headers are final. */
export const isComplete = (answer: Response): boolean => complete.has(answer);

/** The context variable in which the shop's middleware leaves the headers it gives a JSON answer. */
const OUTGOING = 'outgoingJsonHeaders';

/** Set when a header other than the outgoing ones was set on the context: the answer is then made as usual. */
const SPOILT = 'outgoingJsonHeadersSpoilt';

type Outgoing = Record<string, string>[];

/**
 * Headers the middleware gives a JSON answer of the API (the security
 * headers, Vary, Cache-Control), names in lower case, kept as given: joined
 * only for an answer made whole.
 */
export function addOutgoing(c: Context, headers: Record<string, string>): void {
  const given = c.get(OUTGOING) as Outgoing | undefined;
  if (given) given.push(headers);
  else c.set(OUTGOING, [headers]);
}

/**
 * Headers the middleware sets on every answer (on the context, before its
 * handler runs) and gives a JSON answer made whole: given first, so that
 * watchHeaders sees them as the outgoing ones.
 */
export function setOutgoing(c: Context, headers: Record<string, string>): void {
  addOutgoing(c, headers);
  for (const name in headers) c.header(name, headers[name]);
}

/** The value the middleware gives the header `name`, the last one given. */
function outgoingValue(c: Context, name: string): string | undefined {
  name = name.toLowerCase();
  const given = c.get(OUTGOING) as Outgoing | undefined;
  for (let i = (given?.length ?? 0) - 1; i >= 0; i--) {
    const value = given![i]![name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * From here on, a header set on the context (c.header, a cookie) that is not
 * one of the outgoing ones, as they are, keeps the answer from being made
 * whole: a whole answer is made without the context's headers.
 */
export function watchHeaders(c: Context): void {
  const header = c.header;
  c.header = ((name: string, value?: string, options?: { append?: boolean }) => {
    if (options?.append || value === undefined || outgoingValue(c, name) !== value) c.set(SPOILT, true);
    header(name, value as string, options);
  }) as Context['header'];
}

/** Whether this request's answer can be made whole: the shop's middleware is there, and no other header was set. */
export const canComplete = (c: Context): boolean => c.get(OUTGOING) !== undefined && c.get(SPOILT) !== true;

/**
 * A 200 answer of `bytes` with the handler's `headers` and those the shop's
 * middleware gives a JSON answer, or null when it cannot be made whole (canComplete).
 */
export function completeAnswer(c: Context, bytes: Uint8Array, headers: Record<string, string>): Response | null {
  if (!canComplete(c)) return null;
  // Names in lower case, as every other answer's go out (a web Headers object lower-cases them).
  const all: Record<string, string> = Object.assign({}, ...(c.get(OUTGOING) as Outgoing));
  for (const name in headers) all[name.toLowerCase()] = headers[name]!;
  all['content-length'] = String(bytes.byteLength);
  const answer = new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: all });
  complete.add(answer);
  return answer;
}
