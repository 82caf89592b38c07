// The server's logs (docs/architecture.md, Operations): JSON lines through pino,
// one per request (request-log.ts) and one per event worth a look (a failed mail,
// an unexpected error). Nothing personal is written: a request's line has its
// route pattern, never its path or query string (confirmation and reset links
// carry their token there); no body, header or cookie is logged; e-mail
// addresses and link tokens inside logged errors are masked (scrub). Messages are
// fixed texts of the shop's own. A request's line costs about 5 µs of CPU (an
// in-process /cli/health: 12-14 µs without it, 17-19 µs with it); time is epoch ms,
// pino's cheapest.
import pino, { type DestinationStream, type Logger } from 'pino';
import { LOG_LEVELS } from './config.ts';

export type { Logger };
type LogLevel = (typeof LOG_LEVELS)[number];

const EMAIL = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[A-Za-z]{2,}/g;
const TOKEN = /([?&](?:token|code|key)=)[^&\s"']+/gi;
const BEARER = /(Bearer\s+)[\w.~+/-]+=*/gi;

/** A text as it may be logged: e-mail addresses, link tokens and bearer tokens masked. */
export const scrub = (text: string): string =>
  text.replace(EMAIL, '<e-mail>').replace(TOKEN, '$1<token>').replace(BEARER, '$1<token>');

/** An error as logged: pino's usual fields, message and stack scrubbed. */
function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrub(error) : error;
  const fields = pino.stdSerializers.err(error);
  fields.message = scrub(fields.message);
  if (fields.stack) fields.stack = scrub(fields.stack);
  return fields;
}

/**
 * LOG_LEVEL, or 'info' — 'silent' under Vitest and NODE_ENV=test, so test output stays readable (a test that
 * reads the logs makes a logger of its own with createLogger).
 */
function defaultLevel(env: Record<string, string | undefined>): LogLevel {
  const given = env['LOG_LEVEL'];
  if (given && (LOG_LEVELS as readonly string[]).includes(given)) return given as LogLevel;
  return env['VITEST'] || env['NODE_ENV'] === 'test' ? 'silent' : 'info';
}

/**
 * A logger writing JSON lines to `destination`: by default standard output through pino's
 * asynchronous destination (lines written while a write is under way go out together with
 * the next one; docs/architecture.md, Operations, says what it saves).
 */
export function createLogger(
  level: LogLevel = defaultLevel(process.env),
  destination: DestinationStream = pino.destination({ sync: false }),
): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
    },
    destination,
  );
}

/** The process's logger, for what happens outside a request (start-up, the mail worker, the timers). */
export const log = createLogger();

/** Writes out what the asynchronous destination still holds (before the process exits). */
export const flushLog = (): Promise<void> => new Promise((done) => log.flush(() => done()));
