// Reads a live order stream (server-sent events) as the browser's client does,
// with eventsource-parser, for the API and fault tests.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface EventStream {
  /** Resolves once the server says the stream listens (its first comment): a change from then on reaches it. */
  listening: Promise<void>;
  /** The next event not taken yet, or null when none came within `ms`. */
  next(ms: number): Promise<EventSourceMessage | null>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

export function eventStream(response: Response): EventStream {
  const events: EventSourceMessage[] = [];
  let taken = 0;
  let wake = () => {};
  let listened = () => {};
  const listening = new Promise<void>((resolve) => {
    listened = resolve;
  });
  const parser = createParser({
    onEvent(event) {
      events.push(event);
      wake();
    },
    onComment(comment) {
      if (comment.trim() === 'listening') listened();
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // cancelled by close()
    }
  })();
  return {
    listening,
    ended,
    async next(ms) {
      const deadline = Date.now() + ms;
      while (taken >= events.length) {
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left);
        });
      }
      return events[taken++]!;
    },
    async close() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}
