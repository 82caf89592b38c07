// The shop's mail over a real SMTP server (smtp-server, started here): a
// signup's confirmation reaches it with its link, through a server that asks
// for a user and password, in plain text, with STARTTLS and with TLS from the
// start (a self-signed certificate made here with node:crypto). A server that
// refuses the mail or never answers does not fail the signup: the mail stays
// queued with its attempt and error, and goes out once the server is back.
import { X509Certificate } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from '#src/server/mail/mailer.ts';
import { deliverDue } from '#src/server/mail/queue.ts';
import { createTestShop, type TestShop } from './harness.ts';
import { selfSigned } from './self-signed.ts';
import { post } from './shoppers.ts';

const USER = 'spesa-smtp';
const PASSWORD = 'Segreta-SMTP-2026';
const SUBJECT = 'Conferma la tua registrazione a Spesa online';

interface Received {
  from: string;
  to: string[];
  user: unknown;
  secure: boolean;
  message: string;
}

/** The message as text: quoted-printable soft breaks and escapes undone (the link is ASCII). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A mail server on a free loopback port that keeps what it receives; `refuse` makes it refuse every recipient. */
async function mailServer(options: SMTPServerOptions, port = 0) {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      callback(state.refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          secure: session.secure,
          message: decoded(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
    ...options,
  });
  const listening = await new Promise<Server>((resolve) => {
    const net = server.listen(port, '127.0.0.1', () => resolve(net));
  });
  return {
    port: (listening.address() as AddressInfo).port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that takes connections and never says a word (a mail server hung, or a firewall eating the traffic). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const tls = selfSigned('localhost');

const signupBody = (email: string) =>
  post({
    username: email,
    password: 'Orecchiette1!',
    profile: {
      firstName: 'Nicola',
      lastName: 'Lorusso',
      birthDate: '1979-11-30',
      mobilePhone: '3401234567',
      ssnCode: 'LRSNCL79S30A662Z',
      cards: [],
    },
    accept1: true,
    accept2: true,
  });

async function signUp(shop: TestShop, email: string) {
  const answer = await shop.request('/cli/profiles/signup', signupBody(email));
  expect(answer).toEqual({ status: 200, body: { responseCode: 0, data: null } });
}

const queued = (shop: TestShop, email: string) =>
  shop.handle.db
    .selectFrom('mail_queue')
    .select(['attempts', 'last_error', 'sent_at', 'subject'])
    .where('recipient', '=', email)
    .execute();

/** The confirmation link in a delivered mail works: the account is confirmed and can log in. */
async function confirmThrough(shop: TestShop, mail: Received, email: string) {
  const link = /(https?:\/\/\S+\/cli\/profiles\/confirm\?token=[\w-]+)/.exec(mail.message)?.[1];
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect((await shop.app.request(`${url.pathname}${url.search}`)).status).toBe(302);
  const login = await shop.request('/cli/profiles/login', post({ username: email, password: 'Orecchiette1!' }));
  expect(login.body.responseCode).toBe(0);
}

describe('mail over SMTP', () => {
  it('has a self-signed certificate for the TLS servers', () => {
    const made = new X509Certificate(tls.cert);
    expect(made.subject).toBe('CN=localhost');
    expect(made.verify(made.publicKey)).toBe(true);
  });

  it('delivers the signup confirmation in plain text to a server that asks for a user and password', async () => {
    const server = await mailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const shop = await createTestShop({
      env: { SMTP_URL: `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}` },
    });
    try {
      await signUp(shop, 'nicola.plain@example.it');
      expect(server.received).toHaveLength(1);
      const [mail] = server.received;
      expect(mail).toMatchObject({ to: ['nicola.plain@example.it'], user: USER, secure: false });
      expect(mail!.message).toContain(`Subject: ${SUBJECT}`);
      expect(mail!.message).toMatch(/^To: nicola\.plain@example\.it\r?$/m);
      expect(await queued(shop, 'nicola.plain@example.it')).toMatchObject([{ attempts: 1, last_error: null }]);
      expect((await queued(shop, 'nicola.plain@example.it'))[0]!.sent_at).not.toBeNull();
      await confirmThrough(shop, mail!, 'nicola.plain@example.it');
    } finally {
      await shop.close();
      await server.close();
    }
  });

  it('keeps the mail queued when the password is wrong', async () => {
    const server = await mailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const shop = await createTestShop({ env: { SMTP_URL: `smtp://${USER}:sbagliata@127.0.0.1:${server.port}` } });
    try {
      await signUp(shop, 'nicola.auth@example.it');
      expect(server.received).toHaveLength(0);
      const [row] = await queued(shop, 'nicola.auth@example.it');
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/Invalid login|535/);
    } finally {
      await shop.close();
      await server.close();
    }
  });

  it('upgrades to TLS with STARTTLS, accepting a self-signed certificate only when told to', async () => {
    const server = await mailServer({ ...tls, allowInsecureAuth: false });
    const url = `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}`;
    const lenient = await createTestShop({ env: { SMTP_URL: url, SMTP_TLS_REJECT_UNAUTHORIZED: 'false' } });
    const strict = await createTestShop({ env: { SMTP_URL: url } });
    try {
      await signUp(lenient, 'nicola.starttls@example.it');
      expect(server.received).toMatchObject([{ to: ['nicola.starttls@example.it'], user: USER, secure: true }]);
      expect(server.received[0]!.message).toContain(`Subject: ${SUBJECT}`);
      await confirmThrough(lenient, server.received[0]!, 'nicola.starttls@example.it');
      // By default the certificate is verified: a self-signed one is refused and the mail waits.
      await signUp(strict, 'nicola.verified@example.it');
      expect(server.received).toHaveLength(1);
      const [row] = await queued(strict, 'nicola.verified@example.it');
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/self[- ]signed certificate/i);
    } finally {
      await lenient.close();
      await strict.close();
      await server.close();
    }
  });

  it('speaks TLS from the start over smtps://', async () => {
    const server = await mailServer({ ...tls, secure: true });
    const shop = await createTestShop({
      env: {
        SMTP_URL: `smtps://${USER}:${PASSWORD}@127.0.0.1:${server.port}`,
        SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
      },
    });
    try {
      await signUp(shop, 'nicola.smtps@example.it');
      expect(server.received).toMatchObject([{ to: ['nicola.smtps@example.it'], user: USER, secure: true }]);
      await confirmThrough(shop, server.received[0]!, 'nicola.smtps@example.it');
    } finally {
      await shop.close();
      await server.close();
    }
  });

  it('a server that refuses the mail: the signup succeeds, the mail waits, and goes once the server takes it', async () => {
    const server = await mailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    server.state.refuse = true;
    const env = { SMTP_URL: `smtp://${USER}:${PASSWORD}@127.0.0.1:${server.port}` };
    const shop = await createTestShop({ env });
    try {
      await signUp(shop, 'nicola.refused@example.it');
      expect(server.received).toHaveLength(0);
      const [row] = await queued(shop, 'nicola.refused@example.it');
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/550/);
      // Fixed: the queue's next sweep after the retry delay (30 s) delivers it.
      server.state.refuse = false;
      const mailer = createMailer(shop.handle.db, env.SMTP_URL, 'Spesa online <noreply@spesaonline.local>');
      expect(await deliverDue(shop.handle.db, mailer, new Date(Date.now() + 31_000))).toBe(1);
      expect(server.received).toMatchObject([{ to: ['nicola.refused@example.it'] }]);
      expect(await queued(shop, 'nicola.refused@example.it')).toMatchObject([{ attempts: 2, last_error: null }]);
      await confirmThrough(shop, server.received[0]!, 'nicola.refused@example.it');
    } finally {
      await shop.close();
      await server.close();
    }
  });

  it('a server that never answers: the signup succeeds after the timeout, and the mail goes once a server answers', async () => {
    const silent = await silentServer();
    const env = {
      SMTP_URL: `smtp://${USER}:${PASSWORD}@127.0.0.1:${silent.port}`,
      SMTP_TIMEOUT_SECONDS: '1',
    };
    const shop = await createTestShop({ env });
    let server: Awaited<ReturnType<typeof mailServer>> | undefined;
    try {
      const started = performance.now();
      await signUp(shop, 'nicola.silent@example.it');
      expect(performance.now() - started).toBeLessThan(5_000);
      const [row] = await queued(shop, 'nicola.silent@example.it');
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/Greeting never received|timeout/i);
      // A working server on the same address: the next sweep delivers.
      await silent.close();
      server = await mailServer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true }, silent.port);
      const mailer = createMailer(shop.handle.db, env.SMTP_URL, 'Spesa online <noreply@spesaonline.local>', {
        timeoutMs: 1_000,
      });
      expect(await deliverDue(shop.handle.db, mailer, new Date(Date.now() + 31_000))).toBe(1);
      expect(server.received).toMatchObject([{ to: ['nicola.silent@example.it'] }]);
      expect(server.received[0]!.message).toContain(`Subject: ${SUBJECT}`);
    } finally {
      await shop.close();
      await server?.close();
      await silent.close().catch(() => {});
    }
  });
});
