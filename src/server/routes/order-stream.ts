// The live order streams (docs/architecture.md §4): server-sent events of the
// changes of a shopper's or a store's orders, for as long as the browser keeps
// the call open. The browser opens them with fetch, its session cookie going along as with
// any other call; non-browser clients send their bearer token.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { TOO_MANY_STREAMS } from '#src/shared/contract/errors.ts';
import { ORDER_EVENT } from '#src/shared/contract/order-events.ts';
import type { AppEnv } from '../app-env.ts';
import { presentedSession } from '../auth/session-cookie.ts';
import { verifySession } from '../auth/session-token.ts';
import type { OrderEventFilter } from '../services/order-events.ts';
import { TooManyAttempts } from '../services/outcomes.ts';

/** A comment this often keeps proxies and idle timers from closing a quiet stream; the session is checked again each time. */
const HEARTBEAT_MS = 15_000;

/**
 * The most streams one session holds open at once in this process (decision 026): an orders
 * page or a store screen open in a few tabs; one more is refused with 429, and the browser
 * reads that page's data every 20 s instead (src/lib/order-events.ts), trying again later.
 */
export const STREAMS_PER_SESSION = 5;
/** The streams open now, by session (the token's jti). */
const openStreams = new Map<string, number>();

/** Takes one of the session's places, or refuses: the function that gives it back (once). */
function holdPlace(jti: string): () => void {
  const held = openStreams.get(jti) ?? 0;
  if (held >= STREAMS_PER_SESSION) throw new TooManyAttempts(TOO_MANY_STREAMS);
  openStreams.set(jti, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(jti) ?? 1) - 1;
    if (left > 0) openStreams.set(jti, left);
    else openStreams.delete(jti);
  };
}

/** The changes matching `filter`, as `event: order` with {orderId, status}, until the browser goes or the session ends. */
export async function orderEventStream(c: Context<AppEnv>, filter: OrderEventFilter): Promise<Response> {
  const hub = c.get('orderEvents');
  const release = holdPlace(c.get('session').jti);
  // Listening before the answer starts: a change made once the stream is open is never missed,
  // and a database that is away is answered 503 like any other call (the browser polls meanwhile).
  try {
    await hub.listening();
  } catch (error) {
    release();
    throw error;
  }
  const db = c.get('db');
  const token = presentedSession(c)?.token ?? '';
  const answer = streamSSE(c, async (stream) => {
    let end = () => {};
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    stream.onAbort(end);
    const unsubscribe = hub.subscribe(
      filter,
      ({ orderId, status }) => void stream.writeSSE({ event: ORDER_EVENT, data: JSON.stringify({ orderId, status }) }),
      end,
    );
    const heartbeat = setInterval(async () => {
      // A session logged out, revoked or expired meanwhile ends the stream; the browser's next attempt gets 401.
      const standing = await verifySession(db, await c.get('sessionKey')(), token).catch(() => 'unknown');
      if (standing) await stream.write(': ping\n\n');
      else end();
    }, HEARTBEAT_MS);
    try {
      await stream.write(': listening\n\n');
      await ended;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
      release();
    }
  });
  // Kept by no cache and changed by no proxy or compression on the way: each event must leave as it is written.
  answer.headers.set('Cache-Control', 'no-store, no-transform');
  answer.headers.set('X-Accel-Buffering', 'no');
  return answer;
}
