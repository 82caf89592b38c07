// npm run test:pg: the API integration tests (tests/api) against a real
// PostgreSQL server, so the same code and migrations are proven on both
// engines (docs/architecture.md §1). With DATABASE_URL set, that server is used.
// Otherwise a throw-away server is started from the machine's PostgreSQL
// binaries in a temporary directory on a free port, and always stopped and
// removed afterwards — also when the tests fail or on Ctrl-C.
// Tests that need a server beside a running shop (tests/faults/rebuild.test.ts:
// import and `npm run rebuild` while the shop serves) are part of the run only
// here, where DATABASE_URL is set (vitest.config.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const isRoot = process.getuid?.() === 0;

function log(message: string): void {
  console.log(`[test:pg] ${message}`);
}

/** bin directory of the newest /usr/lib/postgresql/<version> that has initdb, if any. */
function findServerBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;

/** Runs a command with inherited stdio; as root, server commands run as the postgres user. */
function run(
  command: string,
  args: string[],
  options: { asPostgres?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const [file, argv] =
    options.asPostgres && isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    child = spawn(file, argv, { stdio: 'inherit', env: options.env ?? process.env });
    child.once('error', (error) => {
      console.error(`[test:pg] could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function runVitest(databaseUrl: string): Promise<number> {
  log(`running vitest run tests/api tests/faults against ${databaseUrl}`);
  return run(process.execPath, [vitestBin, 'run', 'tests/api', 'tests/faults'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

interface TempServer {
  url: string;
  stop(): Promise<void>;
}

async function startTempServer(bin: string): Promise<TempServer> {
  const dir = mkdtempSync(join(tmpdir(), 'spesa-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (isRoot) {
    const uid = Number(await capture('id', ['-u', 'postgres']));
    const gid = Number(await capture('id', ['-g', 'postgres']));
    chownSync(dir, uid, gid);
  }
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { asPostgres: true });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    log(`starting a throw-away PostgreSQL from ${bin} in ${dir} on port ${port}`);
    const initdb = ['-D', dataDir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
    const initCode = await run(join(bin, 'initdb'), [...initdb, '--no-sync'], { asPostgres: true });
    if (interrupted) throw new Error('interrupted');
    if (initCode !== 0) throw new Error('initdb failed');
    const options = `-h 127.0.0.1 -p ${port} -k ${dir}`;
    started = true;
    if (
      (await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', logFile, '-w', 'start'], {
        asPostgres: true,
      })) !== 0
    ) {
      if (existsSync(logFile)) console.error(readFileSync(logFile, 'utf8'));
      throw new Error('pg_ctl start failed');
    }
    return { url: `postgres://app@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function capture(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    p.once('error', reject);
    p.once('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function main(): Promise<number> {
  const given = process.env['DATABASE_URL'];
  if (given) return runVitest(given);

  const bin = findServerBinaries();
  if (!bin) {
    const hint = 'install postgresql (apt-get install -y postgresql) to run it';
    if (process.env['CI'] === 'true') {
      console.error(
        `[test:pg] PostgreSQL lane failed: no server binaries in /usr/lib/postgresql/*/bin; ${hint}, or set DATABASE_URL.`,
      );
      return 1;
    }
    log(`PostgreSQL lane skipped: ${hint}`);
    return 0;
  }

  const server = await startTempServer(bin);
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
    child?.kill(signal);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[test:pg]', error instanceof Error ? error.message : error);
    process.exit(interrupted ? 130 : 1);
  },
);
