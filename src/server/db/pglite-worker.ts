// The worker thread that holds PGlite for pglite-thread.ts: it opens the
// database and answers each request in the order it came, through the
// prepared-statement connection of pglite-prepared.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { CompiledQuery, TransactionSettings } from 'kysely';
import { DbUsage } from './db-usage.ts';
import { openPGliteInstance } from './pglite-open.ts';
import { PreparedConnection } from './pglite-prepared.ts';

/** What the API's thread asks (pglite-thread.ts). */
export type Ask =
  | { op: 'query'; sql: string; parameters: readonly unknown[] }
  | { op: 'begin'; settings: TransactionSettings }
  | { op: 'commit' | 'rollback' | 'close' }
  | { op: 'script'; script: string; record: { text: string; params: unknown[] } }
  | { op: 'listen' | 'unlisten'; channel: string };
/** Each request names the Kysely connection it is for: a transaction's statements are its connection's. */
type Request = { id: number; conn: number } & Ask;

/** A NOTIFY heard on a channel the API's thread listens to (it has no id: nobody asked for it). */
export type Notification = { notify: string; payload: string };

export type Reply = { id: number } & (
  | { rows?: unknown[]; numAffectedRows?: bigint }
  | { error: { name: string; message: string; fields: Record<string, unknown> } }
);

/** An error as it crosses the thread: its name, message and own fields (code, detail, constraint…). */
const plain = (error: unknown) => {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) if (typeof value !== 'object' || value === null) fields[key] = value;
  return { name: e.name, message: e.message, fields };
};

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
try {
  const pglite = await openPGliteInstance(dataDir);
  // The API's thread counts the statements under way for the metrics (pglite-thread.ts).
  const connection = new PreparedConnection(pglite, new DbUsage());
  const listening = new Map<string, () => Promise<void>>();
  const answer = async (request: Request): Promise<Omit<Reply, 'id'>> => {
    switch (request.op) {
      case 'query':
        return connection.executeQuery({ sql: request.sql, parameters: request.parameters } as CompiledQuery);
      case 'begin':
        await connection.begin(request.settings);
        return {};
      case 'commit':
      case 'rollback':
        await connection.end(request.op === 'commit');
        return {};
      case 'script':
        await pglite.transaction(async (tx) => {
          await tx.exec(request.script);
          await tx.query(request.record.text, request.record.params);
        });
        return {};
      case 'listen':
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          const notify = (payload: string) => port.postMessage({ notify: channel, payload } satisfies Notification);
          listening.set(channel, await pglite.listen(channel, notify));
        }
        return {};
      case 'unlisten':
        await listening.get(request.channel)?.();
        listening.delete(request.channel);
        return {};
      case 'close':
        if (!pglite.closed) await pglite.close();
        return {};
    }
  };
  // Requests run one at a time in the order they came, except while a transaction is open:
  // then only its own connection's requests run, and the others wait for its end, in order.
  const waiting: Request[] = [];
  let holder: number | undefined;
  let pumping = false;
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    for (;;) {
      const next = waiting.findIndex((request) => holder === undefined || request.conn === holder);
      if (next < 0) break;
      const [request] = waiting.splice(next, 1) as [Request];
      if (request.op === 'begin') holder = request.conn;
      let reply: Reply;
      try {
        reply = { id: request.id, ...(await answer(request)) };
      } catch (error) {
        reply = { id: request.id, error: plain(error) };
        if (request.op === 'begin') holder = undefined;
      }
      if (request.op === 'commit' || request.op === 'rollback') holder = undefined;
      port.postMessage(reply);
    }
    pumping = false;
  };
  port.on('message', (request: Request) => {
    waiting.push(request);
    void pump();
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) });
}
