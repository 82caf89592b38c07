// The outcomes a service (or the auth and route code around it) throws instead of its result,
// named in the shop's language. They know nothing of HTTP: src/server/http.ts alone turns
// each into its answer (docs/architecture.md §3), and dependency-cruiser keeps services off it.
import { FORBIDDEN, LOGIN_REQUIRED, messageFor, TOO_MANY_ATTEMPTS } from '#src/shared/contract/errors.ts';

/** Any outcome below: what a caller is told instead of the result it asked for. */
export abstract class Refusal extends Error {}

/**
 * A business outcome of the error catalogue (src/shared/contract/errors.ts, docs/product.md §8):
 * its code, the catalogue's message unless a more precise one is given, and data when the
 * caller needs it (4105's changed rows, 4008's list).
 */
export class BusinessError extends Refusal {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message?: string, data?: unknown) {
    super(message ?? messageFor(code));
    this.code = code;
    this.data = data;
  }
}

/** One field of bad input and what is wrong with it, in Italian. */
export interface InputIssue {
  path: string;
  message: string;
}

/** Input the contract's schema let through but the shop cannot take (a quantity off its step, say), or input unreadable. */
export class BadInput extends Refusal {
  readonly issues: InputIssue[] | undefined;
  constructor(message: string, issues?: InputIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** No login, or one no longer valid, on a call that needs one. */
export class LoginRequired extends Refusal {
  constructor() {
    super(LOGIN_REQUIRED);
  }
}

/**
 * Logged in, but what is asked for is not the caller's: another customer's cart, order, list,
 * address or card, another store's order, or a staff call made by a customer.
 */
export class NotYours extends Refusal {
  constructor() {
    super(FORBIDDEN);
  }
}

/**
 * Too many attempts at log-in, password reset, signup or a new confirmation link, or too many
 * live streams held by one session: wait (or close some) before trying again.
 */
export class TooManyAttempts extends Refusal {
  constructor(message = TOO_MANY_ATTEMPTS) {
    super(message);
  }
}

/** A request body over the size the shop reads. */
export class TooLarge extends Refusal {
  constructor(message = 'Richiesta troppo grande.') {
    super(message);
  }
}

/** A write carrying the browser's session that does not come from the shop's own pages (decision 027). */
export class CrossSiteRefused extends Refusal {
  constructor() {
    super('Richiesta non consentita: non proviene dalle pagine del negozio.');
  }
}
