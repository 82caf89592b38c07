// The server's environment, parsed once at start-up; a bad value stops the
// process with a clear message instead of failing later.
import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { readFlags, type Flags } from '#src/shared/flags.ts';
import { PASSWORD_HINT, passwordStrongEnough } from '#src/shared/contract/profile-rules.ts';
import { DEFAULT_PREAUTH_SURCHARGE_PERCENT } from '#src/shared/contract/payments.ts';

/** The levels of the JSON log (logger.ts), most severe first. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What the static build bakes into the pages besides the feature flags: the
 * store map's tiles and the accessibility statement's contact. None of them
 * is a secret; a shop restarted with another value rebuilds its site.
 */
const siteEnv = z.object({
  /** Map tiles of the store locator: any OpenStreetMap-style {z}/{x}/{y} URL, with its attribution (HTML). */
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  /** Where the accessibility statement tells visitors to report a barrier: the cooperative running the shop sets its own. */
  ACCESSIBILITY_EMAIL: z.string().email().default('accessibilita@spesaonline.example'),
});

const env = siteEnv.extend({
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  /** Interface to listen on: loopback outside production, so development mode (outbox, sandbox, demo operators) is not public by accident. */
  HOST: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Connections to PostgreSQL per API process for transactions and long reads (statements outside
   * a transaction share the pipelined lanes, db/pg-lanes.ts): about twice the database server's
   * cores. Unset: twice this machine's, at least 4.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  DATA_DIR: z.string().default('./data/pglite'),
  /** The shop's address as shoppers reach it (mailed links); required in production, where a request's Host header is not trusted. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /** How long the mail server may take to accept a connection, greet, or answer a command, in seconds. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  /** 'false' accepts a mail server's self-signed or otherwise unverifiable certificate: tests only, refused in production. */
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The JSON log's level (logger.ts): 'info' has one line per request; Vitest runs default to 'silent'. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** The bearer token of GET /metrics (Prometheus); unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The bearer token of the ERP's POST /cli/admin/feeds (docs/catalogue-feed.md); unset, every feed is refused (403). */
  ERP_TOKEN: z.string().min(16).optional(),
  /** The largest feed POST /cli/admin/feeds reads, in MB; a larger one is refused with 413 before it is read. */
  FEED_MAX_MB: z.coerce.number().int().min(1).max(1024).default(64),
  MAIL_FROM: z.string().default('Spesa online <noreply@spesaonline.local>'),
  /** The cooperative's privacy mailbox: profile deletion requests are sent there (docs/product.md §2: the request goes to the cooperative). */
  PRIVACY_EMAIL: z.string().email().default('privacy@spesaonline.local'),
  JWT_SECRET: z.string().min(32).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  CATALOGUE_PRODUCTS: z.coerce.number().int().min(50).max(200_000).default(3000),
  /** How often a running shop checks whether the catalogue changed (one primary-key read) and rebuilds; 0 = never. */
  REBUILD_INTERVAL_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(1),
  /** Behind a load balancer that sets X-Forwarded-For: use it as the client's address. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Origins of card-provider pages the payment frames may show, besides XPAY_URL and IPG_URL (space or comma separated). */
  PAYMENT_ORIGINS: z.string().optional(),
  /** Where the built site is served from (a second shop on the machine, e.g. the browser tests, keeps its own). */
  SITE_DIR: z.string().default('dist'),
  /** Scales the per-address attempt limits (a test shop signs many customers up from one address). */
  IP_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
  /** V8 heap of the site build's process, MB: about 200 MB stay alive at 20,000 products. */
  SITE_BUILD_HEAP_MB: z.coerce.number().int().min(256).max(16_384).default(768),
  /** 'off' serves the API only (an API-only process behind a CDN, or the fault tests). */
  SITE_BUILD: z.enum(['on', 'off']).default('on'),
  /** npm run start:prod: 'on' serves the built dist/ beside the API; 'off' leaves /app to a CDN or nginx (docs/deploy.md). */
  SITE_SERVE: z.enum(['on', 'off']).default('on'),
  /** Password of the demo store operators (operatore.<storeId>@spesaonline.local), seeded outside production only. */
  DEMO_OPERATOR_PASSWORD: z.string().max(128).refine(passwordStrongEnough, PASSWORD_HINT).default('Operatore-2026'),
  /** Anonymous catalogue answers kept in memory per process (0 = off); default 10,000, off under NODE_ENV=test. */
  CATALOGUE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Memory bound of that cache, in MB. */
  CATALOGUE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** The built-in imitation of the card providers (docs/architecture.md §4); never on in production. */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
  /** Hold on variable-weight rows on top of the total, in percent (docs/architecture.md §4). */
  PREAUTH_SURCHARGE_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_PREAUTH_SURCHARGE_PERCENT),
  /** XPay-compatible provider: base URL (lightbox pages and API), merchant alias and MAC key. */
  XPAY_URL: z.string().url().optional(),
  XPAY_ALIAS: z.string().min(1).optional(),
  XPAY_MAC_KEY: z.string().min(16).optional(),
  /** Legacy hosted-form provider: base URL, store name and shared secret. */
  IPG_URL: z.string().url().optional(),
  IPG_STORENAME: z.string().min(1).optional(),
  IPG_SHARED_SECRET: z.string().min(8).optional(),
  /**
   * The shop's VAPID key pair for Web Push (push/vapid.ts), base64url as web-push's generateVAPIDKeys() writes
   * it: required in production; elsewhere made on first start and kept in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key, 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes in base64url')
    .optional(),
  /** Who the push services may contact about the shop's pushes: a mailto: or https: address; required in production. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
  /**
   * The push services the shop sends to (host names, each also matching its subdomains, comma or space separated):
   * a subscription naming another host is refused, so the shop never posts to an address a caller chose.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com, push.services.mozilla.com, notify.windows.com, push.apple.com')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean)),
});

export interface PaymentConfig {
  sandbox: boolean;
  surchargePercent: number;
  xpay: { url: string; alias: string; macKey: string };
  ipg: { url: string; storename: string; sharedSecret: string };
}

export interface Config extends Omit<z.infer<typeof env>, 'HOST'> {
  HOST: string;
  flags: Flags;
  payments: PaymentConfig;
}

// The sandbox's own keys: public on purpose, accepted only by the sandbox.
export const SANDBOX_KEYS = {
  xpay: { alias: 'ALIAS_SANDBOX_SPESA', macKey: 'SANDBOX-XPAY-MAC-KEY-NOT-A-SECRET' },
  ipg: { storename: '1109000001', sharedSecret: 'SANDBOX-IPG-SHARED-SECRET' },
};
/** Where the sandbox answers, on the shop's own origin. */
const SANDBOX_PATHS = { xpay: '/sandbox/xpay', ipg: '/sandbox/ipg' };

function paymentConfig(cfg: z.infer<typeof env>): PaymentConfig {
  const sandbox = (cfg.PAYMENT_SANDBOX ?? (cfg.NODE_ENV === 'production' ? 'off' : 'on')) === 'on';
  if (sandbox && cfg.NODE_ENV === 'production')
    throw new Error('Invalid environment:\n  PAYMENT_SANDBOX: the provider sandbox cannot run in production');
  if (!sandbox) {
    const missing = (
      ['XPAY_URL', 'XPAY_ALIAS', 'XPAY_MAC_KEY', 'IPG_URL', 'IPG_STORENAME', 'IPG_SHARED_SECRET'] as const
    ).filter((k) => !cfg[k]);
    if (missing.length && cfg.NODE_ENV === 'production')
      throw new Error(
        `Invalid environment:\n${missing.map((k) => `  ${k}: required without the payment sandbox`).join('\n')}`,
      );
  }
  return {
    sandbox,
    surchargePercent: cfg.PREAUTH_SURCHARGE_PERCENT,
    xpay: sandbox
      ? { url: SANDBOX_PATHS.xpay, ...SANDBOX_KEYS.xpay }
      : { url: cfg.XPAY_URL ?? '', alias: cfg.XPAY_ALIAS ?? '', macKey: cfg.XPAY_MAC_KEY ?? '' },
    ipg: sandbox
      ? { url: SANDBOX_PATHS.ipg, ...SANDBOX_KEYS.ipg }
      : { url: cfg.IPG_URL ?? '', storename: cfg.IPG_STORENAME ?? '', sharedSecret: cfg.IPG_SHARED_SECRET ?? '' },
  };
}

/**
 * Production refuses what only development may expose: without SMTP_URL mail
 * would go to the outbox table (every customer's reset links); the demo
 * operators' password is published, so setting it in production means
 * someone expects those accounts there. The sandbox is refused in paymentConfig.
 * The VAPID key pair is the shop's identity at the push services, and every
 * browser's subscription is bound to its public key: production states it (kept
 * with the other secrets, outliving any database) rather than making one.
 */
function refuseDevelopmentFeatures(given: Record<string, string | undefined>): void {
  const problems: string[] = [];
  if (!given.PUBLIC_URL)
    problems.push(
      "  PUBLIC_URL: required in production (the address of the links in the shop's mail, e.g. https://spesa.example.it)",
    );
  if (!given.SMTP_URL)
    problems.push("  SMTP_URL: required in production (without it the shop's mail would go to the development outbox)");
  if (given.DEMO_OPERATOR_PASSWORD)
    problems.push('  DEMO_OPERATOR_PASSWORD: demo store operators are never created in production; unset it');
  for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'])
    if (!given[key])
      problems.push(
        `  ${key}: required in production (the Web Push key pair and contact of docs/deploy.md; outside production it is made on first start)`,
      );
  if (given.SMTP_TLS_REJECT_UNAUTHORIZED === 'false')
    problems.push(
      "  SMTP_TLS_REJECT_UNAUTHORIZED: the mail server's certificate is always verified in production; unset it",
    );
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
}

/** The VAPID keys go together, and the public one must be the private one's (else every push would be refused). */
function refuseHalfAVapidPair(cfg: z.infer<typeof env>): void {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = cfg;
  if (!pub && !priv) return;
  if (!pub || !priv)
    throw new Error(
      `Invalid environment:\n  ${pub ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set both VAPID keys, or neither`,
    );
  const ecdh = createECDH('prime256v1');
  let derived: string | null = null;
  try {
    ecdh.setPrivateKey(Buffer.from(priv, 'base64url'));
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    throw new Error('Invalid environment:\n  VAPID_PRIVATE_KEY: is not a P-256 private key');
  }
  if (derived !== pub)
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
}

/** What this configuration exposes that only development may (empty in production, which refuses them). */
function developmentExposures(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'DEMO_OPERATOR_PASSWORD' | 'payments'>,
): string[] {
  if (config.NODE_ENV === 'production') return [];
  const exposed: string[] = [];
  if (!config.SMTP_URL)
    exposed.push(
      'the mail outbox at /dev/outbox?to=<e-mail>: anyone who knows an address reads its mail, password reset links included (set SMTP_URL to turn it off)',
    );
  if (config.payments.sandbox)
    exposed.push(
      'the card payment sandbox under /sandbox: orders are "paid" with public test cards (PAYMENT_SANDBOX=off with real provider settings turns it off)',
    );
  exposed.push(
    `the demo store operators operatore.<store id>@spesaonline.local with the password "${config.DEMO_OPERATOR_PASSWORD}" (created on start; NODE_ENV=production skips them)`,
  );
  return exposed;
}

/** The start-up warning block of development mode, or null when nothing is exposed. */
export function developmentWarning(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'DEMO_OPERATOR_PASSWORD' | 'payments' | 'HOST'>,
): string | null {
  const exposed = developmentExposures(config);
  if (!exposed.length) return null;
  const rule = '='.repeat(78);
  return [
    rule,
    `WARNING: development mode (NODE_ENV=${config.NODE_ENV}), listening on ${config.HOST}. It exposes:`,
    ...exposed.map((line) => `  - ${line}`),
    'Never run it like this where others can reach it; set NODE_ENV=production for a real shop.',
    rule,
  ].join('\n');
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const given = givenOf(source);
  const cfg = parsed(env, given);
  if (cfg.NODE_ENV === 'production') refuseDevelopmentFeatures(given);
  refuseHalfAVapidPair(cfg);
  return {
    ...cfg,
    HOST: cfg.HOST ?? (cfg.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    flags: readFlags(given),
    payments: paymentConfig(cfg),
  };
}

/** Unset and empty variables alike mean "use the default" (e.g. DATABASE_URL= to force PGlite). */
const givenOf = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));

function parsed<S extends z.ZodType>(schema: S, given: Record<string, string | undefined>): z.output<S> {
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new Error(`Invalid environment:\n${lines.join('\n')}`);
}

export type SiteSettings = Flags & z.output<typeof siteEnv>;

/**
 * The settings a build bakes into the pages (astro.config.mjs reads them in
 * the build process): the feature flags of docs/product.md §9 and siteEnv. The build
 * stamp keeps them, so a change rebuilds the site (site-paths.ts).
 */
export function siteSettings(source: Record<string, string | undefined> = process.env): SiteSettings {
  const given = givenOf(source);
  return { ...readFlags(given), ...parsed(siteEnv, given) };
}

/** The names of the variables the build process reads for siteSettings. */
export const SITE_SETTING_NAMES = Object.keys(siteEnv.shape);

/** Where the built site lives, relative to the project (SITE_DIR). */
export const siteDir = (source: Record<string, string | undefined> = process.env): string =>
  parsed(z.object({ SITE_DIR: env.shape.SITE_DIR }), givenOf(source)).SITE_DIR;

const buildEnv = z.object({
  /** The API the static build reads the catalogue from (the build sets it for its own process). */
  SPESA_API_URL: z.string().url().optional(),
  SPESA_OUT_DIR: z.string().default('./dist'),
});

/** Where the static build reads from and writes to (astro.config.mjs). */
export const buildTarget = (source: Record<string, string | undefined> = process.env): z.output<typeof buildEnv> =>
  parsed(buildEnv, givenOf(source));
