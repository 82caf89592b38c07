// Outgoing mail (docs/architecture.md §4): nodemailer over SMTP_URL, or — when it is
// unset — the development outbox table, readable at GET /dev/outbox.
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly usesOutbox: boolean;
}

/** How the mailer talks to the mail server (config.ts: SMTP_TIMEOUT_SECONDS, SMTP_TLS_REJECT_UNAUTHORIZED). */
export interface SmtpOptions {
  /** The longest wait for the connection, the greeting and each answer, ms (nodemailer's own are 2 and 10 minutes). */
  timeoutMs?: number;
  /** false accepts a certificate that cannot be verified (a test server's self-signed one); never in production. */
  rejectUnauthorized?: boolean;
}

/** The SMTP options of a configuration. */
export const smtpOptions = (config: { SMTP_TIMEOUT_SECONDS: number; SMTP_TLS_REJECT_UNAUTHORIZED: boolean }) => ({
  timeoutMs: config.SMTP_TIMEOUT_SECONDS * 1000,
  rejectUnauthorized: config.SMTP_TLS_REJECT_UNAUTHORIZED,
});

export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  from: string,
  { timeoutMs = 10_000, rejectUnauthorized = true }: SmtpOptions = {},
): Mailer {
  if (smtpUrl) {
    // smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), user and password in the URL.
    // A failed send throws: the queue records the error and retries (queue.ts).
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      tls: { rejectUnauthorized },
    });
    return {
      usesOutbox: false,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  return {
    usesOutbox: true,
    async send(mail) {
      await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to.toLowerCase(), subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .execute();
    },
  };
}
