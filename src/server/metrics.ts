// The Prometheus metrics of one app (GET /metrics, docs/architecture.md, Operations):
// requests by method, route pattern and status (a count and a latency histogram),
// the database's statements and transactions under way, the mail queue's unsent
// mails (read from the table at each scrape) and prom-client's process metrics.
// Answered only to a request carrying `Authorization: Bearer <METRICS_TOKEN>`;
// without METRICS_TOKEN, or without that header, /metrics is as unknown as any
// other path (404).
import type { Context } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, usageOf } from './db/client.ts';
import { machineToken } from './auth/machine-token.ts';

export interface Metrics {
  /** Counts one answered request; `route` is its pattern (never the path, which holds ids and tokens). */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The scrape's answer, or null when the request does not carry the token (then the caller answers 404). */
  answer(c: Context): Promise<Response | null>;
}

/** Latency buckets, seconds: the shop's calls take 1 ms to a few hundred. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(db: Db, token: string): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'spesa_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'spesa_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const usage = usageOf(db);
  new Gauge({
    name: 'spesa_db_statements_in_flight',
    help: 'Database statements sent and not yet answered',
    registers: [registry],
    collect() {
      this.set(usage?.usage.statements ?? 0);
    },
  });
  new Gauge({
    name: 'spesa_db_transactions_open',
    help: 'Database transactions open (PostgreSQL: each holds one pooled connection)',
    registers: [registry],
    collect() {
      this.set(usage?.usage.transactions ?? 0);
    },
  });
  new Gauge({
    name: 'spesa_db_pool_size',
    help: 'Database connections this process may open (PGlite: its one session)',
    registers: [registry],
    collect() {
      this.set(usage?.poolSize ?? 0);
    },
  });
  new Gauge({
    name: 'spesa_mail_queue_unsent',
    help: 'Mails queued and not sent yet (mail_queue rows without sent_at)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll<number>().as('unsent'))
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      this.set(Number(row.unsent));
    },
  });
  const verdict = machineToken(token);
  const authorized = (header: string | undefined) => verdict(header) === 'valid';
  return {
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    async answer(c) {
      if (!authorized(c.req.header('authorization'))) return null;
      const text = await registry.metrics();
      return c.body(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    },
  };
}
