// The cooperative's ERP over HTTP (docs/catalogue-feed.md, "Over HTTP"): POST /cli/admin/feeds
// with its machine token (ERP_TOKEN, compared in constant time), a full feed or a delta of at
// most FEED_MAX_MB, answered with the import report (catalogue/feeds.ts).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { erpCalls as calls } from '#src/shared/contract/endpoints.ts';
import type { AppEnv } from '../app-env.ts';
import { machineToken } from '../auth/machine-token.ts';
import { receiveFeed } from '../catalogue/feeds.ts';
import { ok } from '../http.ts';
import { LoginRequired, NotYours, TooLarge } from '../services/outcomes.ts';

/** The token's check, made once per configured token. */
const checks = new Map<string, ReturnType<typeof machineToken>>();

export const erpRoutes = new Hono<AppEnv>().on(calls.feeds.method, calls.feeds.path, async (c) => {
  const config = c.get('config');
  const header = c.req.header('authorization');
  if (!config.ERP_TOKEN) {
    // No token configured: no feed is taken over HTTP, whatever the request carries.
    if (!header) throw new LoginRequired();
    throw new NotYours();
  }
  const check = checks.get(config.ERP_TOKEN) ?? machineToken(config.ERP_TOKEN);
  checks.set(config.ERP_TOKEN, check);
  const verdict = check(header);
  if (verdict === 'missing') throw new LoginRequired();
  if (verdict === 'wrong') throw new NotYours();
  const maxBytes = config.FEED_MAX_MB * 1024 * 1024;
  const tooLarge = () => {
    throw new TooLarge(`Feed troppo grande: al massimo ${config.FEED_MAX_MB} MB (FEED_MAX_MB).`);
  };
  const length = c.req.header('content-length');
  if (length !== undefined && /^[0-9]+$/.test(length) && Number(length) > maxBytes) tooLarge();
  // A body without a stated length (chunked) is counted as it comes.
  let text = '';
  await bodyLimit({ maxSize: maxBytes, onError: tooLarge })(c, async () => {
    text = await c.req.text();
  });
  return ok(c, await receiveFeed(c.get('db'), text));
});
