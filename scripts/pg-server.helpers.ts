// A throw-away PostgreSQL server from the machine's binaries, for the lanes
// that need a real server (npm run test:pg, npm run test:deploy): initdb in a
// temporary directory, started on a free loopback port, trust auth for user
// `app`; stop() ends it and removes the directory. As root, the server's
// commands run as the postgres user (PostgreSQL refuses to run as root).
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = process.getuid?.() === 0;

/** bin directory of the newest /usr/lib/postgresql/<version> that has initdb, if any. */
export function findServerBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/**
 * The server binaries, or what the lane does without them: in CI (CI=true) it fails, since CI
 * installs them (.ci/run); elsewhere it is skipped. `lane` names it in the printed line, after `tag`.
 */
export function serverBinariesOrSkip(lane: string, tag: string): { bin: string } | { exitCode: number } {
  const bin = findServerBinaries();
  if (bin) return { bin };
  const hint = 'install postgresql (apt-get install -y postgresql) to run it';
  if (process.env['CI'] === 'true') {
    console.error(
      `${tag} ${lane} failed: no server binaries in /usr/lib/postgresql/*/bin; ${hint}, or set DATABASE_URL.`,
    );
    return { exitCode: 1 };
  }
  console.log(`${tag} ${lane} skipped: ${hint}`);
  return { exitCode: 0 };
}

export function freePort(): Promise<number> {
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

/** The command running now, so a Ctrl-C can be passed on to it (interruptRunning). */
let child: ChildProcess | undefined;
let interrupted = false;

/** Passes a signal to the command running now; the server's own start then gives up and cleans up. */
export function interruptRunning(signal: NodeJS.Signals): void {
  interrupted = true;
  child?.kill(signal);
}

/** Runs a command with inherited stdio; as root, server commands run as the postgres user. */
export function run(
  command: string,
  args: string[],
  options: { asPostgres?: boolean; env?: NodeJS.ProcessEnv; tag?: string } = {},
): Promise<number> {
  const [file, argv] =
    options.asPostgres && isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    child = spawn(file, argv, { stdio: 'inherit', env: options.env ?? process.env });
    child.once('error', (error) => {
      console.error(`${options.tag ?? '[pg]'} could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
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

export interface TempServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the server; `log` prints its steps. initdb's and pg_ctl's own output goes to the
 * terminal unless `quiet` (then only a failure's server log is printed).
 */
export async function startTempServer(
  bin: string,
  log: (message: string) => void,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<TempServer> {
  const dir = mkdtempSync(join(tmpdir(), 'spesa-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (isRoot) {
    const uid = Number(await capture('id', ['-u', 'postgres']));
    const gid = Number(await capture('id', ['-g', 'postgres']));
    chownSync(dir, uid, gid);
  }
  const server = (args: string[]) =>
    quiet
      ? run('sh', ['-c', 'exec "$0" "$@" >/dev/null', ...args], { asPostgres: true })
      : run(args[0]!, args.slice(1), { asPostgres: true });
  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await server([join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    log(`starting a throw-away PostgreSQL from ${bin} in ${dir} on port ${port}`);
    const initdb = ['-D', dataDir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
    const initCode = await server([join(bin, 'initdb'), ...initdb, '--no-sync']);
    if (interrupted) throw new Error('interrupted');
    if (initCode !== 0) throw new Error('initdb failed');
    const options = `-h 127.0.0.1 -p ${port} -k ${dir}`;
    started = true;
    if ((await server([join(bin, 'pg_ctl'), '-D', dataDir, '-o', options, '-l', logFile, '-w', 'start'])) !== 0) {
      if (existsSync(logFile)) console.error(readFileSync(logFile, 'utf8'));
      throw new Error('pg_ctl start failed');
    }
    return { url: `postgres://app@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
