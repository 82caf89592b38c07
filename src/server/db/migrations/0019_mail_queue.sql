-- Outgoing mail, queued in the same transaction as the change it tells about
-- (src/server/mail/queue.ts): a mail exists only if that change committed, and
-- it survives a mail server that is down. Any API process may send it: the
-- one that claims it first (FOR UPDATE SKIP LOCKED). A failed attempt is
-- retried later with a growing delay; after the last attempt the row stays
-- here unsent, with its last error, for someone to look at.
CREATE TABLE mail_queue (
  id              bigserial PRIMARY KEY,
  recipient       text NOT NULL,
  subject         text NOT NULL,
  text            text NOT NULL,
  html            text,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- The sweep reads the unsent rows whose next attempt is due, oldest first.
CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at, id) WHERE sent_at IS NULL;
