// What every route of createApp() finds in its context. Kept apart from app.ts,
// which imports every route: a route importing app.ts would make a cycle.
import type { AccountCheck, SessionClaims } from './auth/session-token.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OrderEventHub } from './services/order-events.ts';
import type { Payments } from './services/payments.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** This process's listener of order changes, for the live order streams (services/order-events.ts). */
  orderEvents: OrderEventHub;
  /** Where the request lines and errors are logged (logger.ts); the process's logger when omitted. */
  logger?: Logger;
}

/**
 * Read with c.get('name'). hono's c.var is a getter that builds a new object
 * of every variable (Object.fromEntries of its map) at each read: a cart
 * write read it four times, some 3 kB made and dropped per call.
 * lint/no-hono-context-var.grit keeps it out.
 */
export type AppEnv = {
  Variables: AppDeps & {
    sessionKey: () => Promise<Uint8Array>;
    payments: Payments;
    /** Set by requireUser() on calls that need login; absent elsewhere. */
    session: SessionClaims;
    /** Set by requireUserInStatement() instead, on calls that check the account in their own statement. */
    pending: AccountCheck;
    /** The request's id (request-log.ts), sent back as X-Request-Id and in error answers. */
    requestId: string;
  };
};
