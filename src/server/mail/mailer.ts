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

export function createMailer(db: Db, smtpUrl: string | undefined, from: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
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
