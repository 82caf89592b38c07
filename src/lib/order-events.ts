// The live order status in the browser (docs/architecture.md §4): the
// shopper's orders page and the store's screen keep a stream of their orders'
// changes open and read their data again on each one, so a new status shows
// within a second or two without a reload. The stream is a GET with the
// session's bearer token, as every call (EventSource cannot send it), read
// with eventsource-parser. After a drop or a server restart it opens again by
// itself, waiting 1 s, 2 s, 4 s … up to 30 s; while it cannot be opened the
// screen reads its data every 20 s instead. A logout ends it.
import { createParser } from 'eventsource-parser';
import { useEffect, useRef } from 'react';
import { type Call, urlOf } from '#src/shared/contract/call.ts';
import { ORDER_EVENT, type OrderEvent, orderEvent } from '#src/shared/contract/order-events.ts';
import { $user } from '#src/shop/session.store.ts';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
const POLL_MS = 20_000;
/** The server sends a comment every 15 s: a stream silent for longer than this is dead (a half-open connection). */
const SILENT_MS = 45_000;

/** What a screen is told: an order's change, or null when it should read everything again (polling, a reconnection). */
type OrderChangeListener = (event: OrderEvent | null) => void;

/** Keeps the stream of `call` open and tells `onChange`; returns the function that ends it. */
function watchOrderEvents(call: Call, onChange: OrderChangeListener): () => void {
  let stopped = false;
  let connection: AbortController | null = null;
  let retries = 0;
  let opened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
  };
  const stop = () => {
    stopped = true;
    clearTimeout(retryTimer);
    stopPolling();
    connection?.abort();
    unlisten();
  };
  // A logout (here or in another tab) ends the stream.
  const unlisten = $user.listen((user) => {
    if (!user) stop();
  });

  async function read(body: ReadableStream<Uint8Array>, abort: () => void): Promise<void> {
    let silence = setTimeout(abort, SILENT_MS);
    const parser = createParser({
      onEvent(message) {
        if (message.event !== ORDER_EVENT) return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = orderEvent.safeParse(data);
        if (parsed.success) onChange(parsed.data);
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(abort, SILENT_MS);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
    }
  }

  async function connect(): Promise<void> {
    if (stopped || !$user.get()) return stop();
    const attempt = new AbortController();
    connection = attempt;
    try {
      const response = await fetch(urlOf(call), {
        // The session goes along in its cookie (decision 027), as with every call.
        headers: { Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: attempt.signal,
      });
      if (response.status === 401 || response.status === 403) {
        // The session is gone: the screen's next call (through the API client) says so and logs out.
        stop();
        return onChange(null);
      }
      if (response.ok && response.body) {
        stopPolling();
        // What changed while the stream was down is read once it is back.
        if (opened) onChange(null);
        opened = true;
        retries = 0;
        await read(response.body, () => attempt.abort());
      }
    } catch {
      // a dropped connection, the server restarting or unreachable: tried again below
    }
    if (stopped) return;
    pollTimer ??= setInterval(() => onChange(null), POLL_MS);
    const wait = Math.min(FIRST_RETRY_MS * 2 ** retries, LAST_RETRY_MS);
    retries++;
    retryTimer = setTimeout(() => void connect(), wait);
  }

  void connect();
  return stop;
}

/** watchOrderEvents for an island's lifetime, with its latest onChange. */
export function useOrderEvents(call: Call, onChange: OrderChangeListener): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => watchOrderEvents(call, (event) => latest.current(event)), [call]);
}
