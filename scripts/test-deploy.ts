// npm run test:deploy: the production recipe of docs/deploy.md, run end to end
// on this machine. A throw-away PostgreSQL server (pg-server.helpers.ts) and
// mail server (smtp-server, in this process); a small demo catalogue imported
// and the site built against that database (npm run catalogue:generate, npm
// run build); npm run start:prod with two API processes and SITE_SERVE=off;
// nginx serving the build's own spesa.nginx.conf (the site's files with the
// headers the build wrote, every other path passed to the two processes); the
// demo shopper signed up through nginx with the mailed link; then the smoke
// journey in Chromium through nginx's port only (tests/deploy/recipe.spec.ts),
// which restarts the API processes with SIGHUP in the middle. Everything is
// stopped and removed afterwards, also when a step fails or on Ctrl-C.
// Without PostgreSQL or nginx the lane is skipped, except in CI (CI=true),
// where .ci/run installs both and a missing one fails it.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { PRODUCTION_PLACEHOLDERS } from '../tests/production-settings.ts';
import { signupRequest } from '../tests/signup-request.ts';
import { freePort, interruptRunning, serverBinariesOrSkip, startTempServer } from './pg-server.helpers.ts';

const TAG = '[test:deploy]';
const root = fileURLToPath(new URL('../', import.meta.url));
const started = Date.now();
/** The demo shopper of the browser journeys (tests/e2e/cart.helpers.ts: Anna Rossi, the same password). */
const SHOPPER = { email: 'anna.rossi@example.it', password: 'Orecchiette1!' };
/** Small enough for a build of well under a minute, the size the browser journeys use. */
const PRODUCTS = 400;

function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  console.log(`${TAG} ${seconds} s  ${message}`);
}

// ---- Ctrl-C and the clean-up of everything started ----

/** Undone in reverse order at the end, whatever happened. */
const cleanups: { what: string; undo: () => Promise<void> | void }[] = [];
const running = new Set<ChildProcess>();
/** The servers (start:prod, nginx): stopped by the clean-up, in order, not by the signal. */
const longRunning = new Set<ChildProcess>();
let interrupted = false;
let interrupt = () => {};
const interruption = new Promise<never>((_, reject) => {
  interrupt = () => reject(new Error('interrupted'));
});
interruption.catch(() => {});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping; everything started will be stopped and removed`);
    // The step under way ends with what it started (a build and its build process, the browser journey and
    // its Chromium); the long-running servers are stopped by the clean-up, in order.
    for (const child of running) if (!longRunning.has(child)) killGroup(child, signal);
    interruptRunning(signal);
    interrupt();
  });
}

/**
 * Every child runs in a process group of its own (detached), so a signal reaches what it started
 * too, and Ctrl-C at a terminal reaches the lane only, which stops the rest in order.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** A step still running after Ctrl-C: given 15 s to end on the signal, then killed with its group. */
async function stepsEnded(): Promise<void> {
  const steps = [...running].filter((child) => !longRunning.has(child));
  await Promise.all(
    steps.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
          child.once('close', () => {
            clearTimeout(timer);
            done();
          });
        }),
    ),
  );
}

/** Waits for `work`, or gives up at once on Ctrl-C. */
const unlessInterrupted = <T>(work: Promise<T>): Promise<T> => Promise.race([work, interruption]);

// ---- child processes ----

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts a command with its output going to `logFile` (and kept for the checks and a failure's report). */
function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  onLine?: (line: string) => void,
): Started {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  const file = createWriteStream(logFile);
  let output = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString();
    file.write(text);
    output += text;
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((done) => {
    child.once('error', (error) => {
      output += `\n${error.message}\n`;
      done(127);
    });
    child.once('close', (code, signal) => {
      running.delete(child);
      file.end();
      done(code ?? (signal ? 128 : null));
    });
  });
  return { child, exited, output: () => output };
}

const lastLines = (text: string, count = 40) => text.trimEnd().split('\n').slice(-count).join('\n');

/** Runs a step to its end; a failure reports the step's last lines. */
async function runStep(label: string, command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string) {
  const stepStarted = Date.now();
  log(`${label}…`);
  const step = start(command, args, env, logFile);
  const code = await unlessInterrupted(step.exited);
  if (code !== 0) throw new Error(`${label} failed (exit ${code}); its last lines:\n${lastLines(step.output())}`);
  log(`${label}: done (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  return step.output();
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, why = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (interrupted) throw new Error('interrupted');
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${why()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; answers the exit code. */
async function stopChild(step: Started, graceMs: number): Promise<number | null> {
  if (step.child.exitCode !== null || step.child.signalCode !== null) return step.exited;
  step.child.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(step.child, 'SIGKILL'), graceMs);
  const code = await step.exited;
  clearTimeout(timer);
  return code;
}

// ---- nginx ----

function findNginx(): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const path = join(dir, 'nginx');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  return undefined;
}

/**
 * The build's spesa.nginx.conf with only the lines docs/deploy.md says to edit changed: the
 * listen port, the root (the folder holding app/) and the API processes' address.
 */
function localNginxConf(emitted: string, at: { port: number; root: string; apiPort: number }): string {
  const edits: [string, string][] = [
    ['    listen 8080;', `    listen 127.0.0.1:${at.port};`],
    ['    root /srv/spesa/public;', `    root ${at.root};`],
    ['    server 127.0.0.1:4321;', `    server 127.0.0.1:${at.apiPort};`],
  ];
  let conf = emitted;
  for (const [line, replacement] of edits) {
    if (conf.split(line).length !== 2)
      throw new Error(`spesa.nginx.conf no longer has the line "${line.trim()}" once: update scripts/test-deploy.ts`);
    conf = conf.replace(line, replacement);
  }
  return conf;
}

/** nginx's main file: in the foreground, every path of its own (pid, logs, temp files) under `dir`. */
function nginxMainConf(dir: string, siteConf: string): string {
  const temp = (name: string) => join(dir, 'temp', name);
  return `# npm run test:deploy (scripts/test-deploy.ts): a throw-away nginx in the foreground.
daemon off;
${process.getuid?.() === 0 ? "# As root, the workers drop to Debian's nginx user, as the packaged nginx.conf does.\nuser www-data;\n" : ''}worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events {
    worker_connections 256;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log ${join(dir, 'logs', 'access.log')};
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${siteConf};
}
`;
}

// ---- the mail server ----

interface MailServer {
  port: number;
  received: { to: string[]; text: string }[];
  close(): Promise<void>;
}

/** The message as text: quoted-printable soft breaks and escapes undone (the links are ASCII). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * A mail server on a free loopback port that keeps what it receives. Without STARTTLS: the
 * shop would upgrade to it (smtp://) and, in production, refuse its self-signed certificate.
 */
async function mailServer(): Promise<MailServer> {
  const received: MailServer['received'] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decoded(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---- the lane ----

/** A readable line of start:prod's JSON log: its start-up, restart and stop steps, not its requests. */
function startProdLine(line: string): string | undefined {
  try {
    const entry = JSON.parse(line) as { msg?: string };
    if (entry.msg && entry.msg !== 'request') return entry.msg;
  } catch {
    return line.trim() || undefined;
  }
  return undefined;
}

async function signUpShopper(base: string, mail: MailServer): Promise<void> {
  const signup = await fetch(`${base}/cli/profiles/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(signupRequest(SHOPPER.email, SHOPPER.password)),
  });
  const answer = (await signup.json()) as { responseCode: number };
  if (answer.responseCode !== 0) throw new Error(`signup refused: ${JSON.stringify(answer)}`);
  await until('the confirmation mail at the mail server', () => mail.received.length > 0, 30_000);
  const message = mail.received.find((m) => m.to.includes(SHOPPER.email));
  const link = message && /(https?:\/\/[^\s"<>]+)/.exec(message.text)?.[1];
  if (!link) throw new Error(`no confirmation link in the mail:\n${message?.text ?? '(no mail)'}`);
  if (!link.startsWith(`${base}/`)) throw new Error(`the mailed link ${link} does not lead to PUBLIC_URL ${base}`);
  const confirmed = await fetch(link, { redirect: 'manual' });
  await confirmed.body?.cancel();
  if (confirmed.status >= 400) throw new Error(`the mailed link answered HTTP ${confirmed.status}`);
}

async function main(): Promise<number> {
  const pg = serverBinariesOrSkip('The production recipe lane', TAG);
  if ('exitCode' in pg) return pg.exitCode;
  const nginx = findNginx();
  if (!nginx) {
    const hint = 'install nginx (apt-get install -y nginx) to run it';
    if (process.env['CI'] === 'true') {
      console.error(`${TAG} The production recipe lane failed: no nginx binary; ${hint}.`);
      return 1;
    }
    console.log(`${TAG} The production recipe lane skipped: ${hint}`);
    return 0;
  }

  const dir = mkdtempSync(join(tmpdir(), 'spesa-deploy-'));
  // nginx's workers (www-data when run as root) read the site and the conf from here.
  chmodSync(dir, 0o755);
  cleanups.push({ what: `remove ${dir}`, undo: () => rmSync(dir, { recursive: true, force: true }) });
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  log(`working in ${dir} (every log of the run is under logs/)`);

  // Not raced with Ctrl-C: the helper ends its own step on the signal and cleans up what it made.
  const database = await startTempServer(pg.bin, log, { quiet: true });
  cleanups.push({ what: 'stop PostgreSQL', undo: () => database.stop() });
  if (interrupted) throw new Error('interrupted');

  const mail = await mailServer();
  cleanups.push({ what: 'stop the mail server', undo: () => mail.close() });
  log(`mail server (smtp-server, no TLS) on port ${mail.port}`);

  const [apiPort, webPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${webPort}`;
  // The site's own directory (npm run build swaps a link there): a name of its own, so the
  // build's clean-up of older sites (build-site.ts) leaves dist/ and other shops' sites alone.
  const siteLink = join(root, '.build', `deploy-site-${process.pid}`);
  cleanups.push({
    what: 'remove the built site',
    undo: () => {
      rmSync(siteLink, { force: true });
      // The builds of this site directory, also one cut short (build-site.ts names them so).
      const prefix = `site-${basename(siteLink)}-`;
      const builds = join(root, '.build');
      for (const entry of existsSync(builds) ? readdirSync(builds) : [])
        if (entry.startsWith(prefix)) rmSync(join(builds, entry), { recursive: true, force: true });
    },
  });
  const { DEMO_OPERATOR_PASSWORD: _, SMTP_TLS_REJECT_UNAUTHORIZED: __, ...inherited } = process.env;
  // What docs/deploy.md §1 asks of production, with throw-away values; nothing refused is weakened.
  const production: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    ...PRODUCTION_PLACEHOLDERS,
    // Card payments stay off (the providers above are placeholders): cash and card reader at the store.
    ENABLED_PAYMENTS: 'false',
    SITE_DIR: siteLink,
    LOG_LEVEL: 'info',
  };
  const node = process.execPath;

  await runStep(
    `npm run catalogue:generate -- --products ${PRODUCTS} (migrate and import the demo catalogue)`,
    node,
    ['scripts/catalogue-generate.ts', '--products', String(PRODUCTS)],
    production,
    join(logs, 'catalogue.log'),
  );
  await runStep(
    'npm run build (the site from that database)',
    node,
    ['scripts/build.ts'],
    production,
    join(logs, 'build.log'),
  );

  // As docs/deploy.md §3 publishes a build: a release folder, and public/app a link to it.
  const release = join(dir, 'releases', String(Date.now()));
  cpSync(realpathSync(siteLink), release, { recursive: true });
  mkdirSync(join(dir, 'public'));
  symlinkSync(release, join(dir, 'public', 'app'), 'dir');
  log('site published to public/app (a copy of the build, with its _headers and spesa.nginx.conf)');

  log(`npm run start:prod: PROCESSES=2, SITE_SERVE=off on port ${apiPort}…`);
  const shopLog = join(logs, 'start-prod.log');
  const shop = start(
    node,
    ['scripts/start-prod.ts'],
    { ...production, PORT: String(apiPort), HOST: '127.0.0.1', PROCESSES: '2', SITE_SERVE: 'off', TRUST_PROXY: 'true' },
    shopLog,
    (line) => {
      const text = startProdLine(line);
      if (text) log(`  start:prod │ ${text}`);
    },
  );
  longRunning.add(shop.child);
  cleanups.push({
    what: 'stop start:prod',
    undo: async () => {
      const code = await stopChild(shop, 25_000);
      if (code !== 0 && !interrupted) throw new Error(`start:prod ended with exit ${code} on SIGTERM`);
    },
  });
  const listening = () => shop.output().split('listening on port').length - 1;
  await until(
    'start:prod ready with two API processes',
    () => shop.output().includes('Spesa online is ready on port') && listening() >= 2,
    90_000,
    () =>
      shop.child.exitCode !== null
        ? `: start:prod ended:\n${lastLines(shop.output())}`
        : `:\n${lastLines(shop.output())}`,
  );

  const siteConf = join(dir, 'spesa.conf');
  writeFileSync(
    siteConf,
    localNginxConf(readFileSync(join(release, 'spesa.nginx.conf'), 'utf8'), {
      port: webPort,
      root: join(dir, 'public'),
      apiPort,
    }),
  );
  const mainConf = join(dir, 'nginx.conf');
  writeFileSync(mainConf, nginxMainConf(dir, siteConf));
  mkdirSync(join(dir, 'temp'));
  const nginxArgs = ['-p', dir, '-c', mainConf, '-e', join(logs, 'error.log')];
  await runStep(
    'nginx -t (the emitted spesa.nginx.conf, root and upstream set to this run)',
    nginx,
    [...nginxArgs, '-t'],
    process.env,
    join(logs, 'nginx-t.log'),
  );
  const web = start(nginx, nginxArgs, process.env, join(logs, 'nginx.log'));
  longRunning.add(web.child);
  cleanups.push({ what: 'stop nginx', undo: () => stopChild(web, 10_000).then(() => {}) });
  await until(
    `nginx answering on port ${webPort}`,
    () =>
      fetch(`${base}/app/`)
        .then(async (r) => {
          await r.arrayBuffer();
          return r.ok;
        })
        .catch(() => false),
    15_000,
    () => `:\n${lastLines(readFileSync(join(logs, 'error.log'), 'utf8'))}${lastLines(web.output())}`,
  );
  log(`nginx (${nginx}) serves the site and proxies the API on ${base}`);

  await unlessInterrupted(signUpShopper(base, mail));
  log(`demo shopper ${SHOPPER.email} signed up through nginx, confirmed with the link mailed to the mail server`);

  log('the smoke journey in Chromium through nginx (tests/deploy/recipe.spec.ts)…');
  // Its trace and screenshots are kept when it failed (the path is in its report); removed when it passed or on Ctrl-C.
  const results = join(root, '.build', `test-results-deploy-${shop.child.pid}`);
  let passed = false;
  cleanups.push({
    what: "remove the journey's results",
    undo: () => {
      if (passed || interrupted) rmSync(results, { recursive: true, force: true });
    },
  });
  const journey = spawn(
    node,
    [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', 'tests/deploy/playwright.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: {
        ...process.env,
        DEPLOY_URL: base,
        DEPLOY_PRIMARY_PID: String(shop.child.pid),
        DEPLOY_SHOP_LOG: shopLog,
        DEPLOY_EMAIL: SHOPPER.email,
        DEPLOY_PASSWORD: SHOPPER.password,
      },
    },
  );
  running.add(journey);
  const journeyCode = await new Promise<number>((done) =>
    journey.once('close', (code, signal) => {
      running.delete(journey);
      done(code ?? (signal ? 130 : 1));
    }),
  );
  if (journeyCode !== 0) throw new Error(`the smoke journey failed (exit ${journeyCode})`);
  passed = true;

  const access = readFileSync(join(logs, 'access.log'), 'utf8').trim().split('\n');
  const pages = access.filter((line) => / "GET \/app\/\S* HTTP/.test(line)).length;
  log(`nginx answered ${access.length} requests (${pages} of them files of /app, from disk)`);
  return 0;
}

async function cleanUp(): Promise<boolean> {
  await stepsEnded();
  let clean = true;
  for (const { what, undo } of cleanups.reverse()) {
    try {
      await undo();
      log(`${what}: done`);
    } catch (error) {
      clean = false;
      console.error(`${TAG} ${what} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return clean;
}

main()
  .catch((error: unknown) => {
    if (interrupted) console.error(`${TAG} interrupted`);
    else console.error(`${TAG} FAILED: ${error instanceof Error ? error.message : error}`);
    return interrupted ? 130 : 1;
  })
  .then(async (code) => {
    const clean = await cleanUp();
    const result = code === 0 && clean ? 'passed' : 'failed';
    log(`the production recipe lane ${result} in ${Math.round((Date.now() - started) / 1000)} s`);
    process.exit(code === 0 && !clean ? 1 : code);
  });
