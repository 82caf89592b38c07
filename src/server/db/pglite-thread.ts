// The worker thread that runs PGlite for pglite-engine.ts' inWorkerThread():
// it opens the database, then answers each request in the order it came,
// one at a time (a script's transaction is never interleaved with a batch).
import { parentPort, workerData } from 'node:worker_threads';
import {
  ARRAY_TYPES_SQL,
  openPGlite,
  runScript,
  type ThreadReply,
  type ThreadRequest,
  type ThreadStart,
} from './pglite-engine.ts';
import { WireCollector } from './pglite-wire.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
const plain = (error: unknown) => ({
  name: error instanceof Error ? error.name : 'Error',
  message: error instanceof Error ? error.message : String(error),
});

try {
  const pglite = await openPGlite(dataDir);
  const { rows } = await pglite.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL);
  const answer = new WireCollector();

  const handle = async (request: ThreadRequest): Promise<void> => {
    let reply: ThreadReply;
    const transfer: ArrayBuffer[] = [];
    try {
      if (request.kind === 'exchange') {
        answer.reset();
        await pglite.execProtocolRawStream(request.batch, { syncToFs: request.sync, onRawData: answer.push });
        const bytes = answer.take();
        transfer.push(bytes.buffer as ArrayBuffer);
        reply = { id: request.id, answer: bytes };
      } else if (request.kind === 'script') {
        await runScript(pglite, request.work);
        reply = { id: request.id };
      } else {
        if (!pglite.closed) await pglite.close();
        reply = { id: request.id };
      }
    } catch (error) {
      reply = { id: request.id, error: plain(error) };
    }
    port.postMessage(reply, transfer);
  };

  let queue = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(() => handle(request));
  });
  port.postMessage({ ready: true, arrayTypes: rows } satisfies ThreadStart);
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) } satisfies ThreadStart);
}
