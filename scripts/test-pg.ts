// npm run test:pg: the API integration tests (tests/api) against a real
// PostgreSQL server, so the same code and migrations are proven on both
// engines (docs/architecture.md §1). With DATABASE_URL set, that server is used.
// Otherwise a throw-away server is started from the machine's PostgreSQL
// binaries in a temporary directory on a free port (pg-server.helpers.ts, shared
// with npm run test:deploy), and always stopped and removed afterwards — also
// when the tests fail or on Ctrl-C.
// Tests that need a server beside a running shop (tests/faults/rebuild.test.ts:
// import and `npm run rebuild` while the shop serves) are part of the run only
// here, where DATABASE_URL is set (vitest.config.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { interruptRunning, run, serverBinariesOrSkip, startTempServer } from './pg-server.helpers.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function log(message: string): void {
  console.log(`[test:pg] ${message}`);
}

function runVitest(databaseUrl: string): Promise<number> {
  log(`running vitest run tests/api tests/faults against ${databaseUrl}`);
  return run(process.execPath, [vitestBin, 'run', 'tests/api', 'tests/faults'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    tag: '[test:pg]',
  });
}

async function main(): Promise<number> {
  const given = process.env['DATABASE_URL'];
  if (given) return runVitest(given);

  const found = serverBinariesOrSkip('PostgreSQL lane', '[test:pg]');
  if ('exitCode' in found) return found.exitCode;

  const server = await startTempServer(found.bin, log);
  try {
    if (interrupted) return 130;
    const code = await runVitest(server.url);
    return interrupted ? 130 : code;
  } finally {
    log('stopping the throw-away server');
    await server.stop().catch((error: unknown) => console.error('[test:pg] could not stop the server cleanly:', error));
  }
}

// Ctrl-C: pass the signal to the running step and let main() clean up and exit.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!interrupted) log(`${signal}: stopping; the throw-away server will be removed`);
    interrupted = true;
    interruptRunning(signal);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[test:pg]', error instanceof Error ? error.message : error);
    process.exit(interrupted ? 130 : 1);
  },
);
