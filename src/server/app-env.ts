// What every route of createApp() finds in its context. Kept apart from app.ts,
// which imports every route: a route importing app.ts would make a cycle.
import type { AccountCheck, SessionClaims } from './auth/session-token.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Payments } from './services/payments.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export type AppEnv = {
  Variables: AppDeps & {
    sessionKey: () => Promise<Uint8Array>;
    payments: Payments;
    /** Set by requireUser() on calls that need login; absent elsewhere. */
    session: SessionClaims;
    /** Set by requireUserInStatement() instead, on calls that check the account in their own statement. */
    pending: AccountCheck;
  };
};
