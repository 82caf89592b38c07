-- Web Push notifications of the order lifecycle (docs/decisions/019-web-push-notifications.md).
--
-- A device a shopper allowed to notify: its push service's endpoint and the keys that
-- encrypt what is sent there (RFC 8291). One row per endpoint: the same browser
-- subscribing again, or for another account, takes its row over. The session that
-- subscribed (its token's jti) is kept so that logging out of it ends the device's
-- notifications; a push service answering 404 or 410 ends them too.
CREATE TABLE push_subscriptions (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_jti text NOT NULL,
  endpoint    text NOT NULL UNIQUE,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_jti);

-- Outgoing pushes, one per device, queued in the transaction of the change they tell
-- about (src/server/push/queue.ts, as mail_queue): a push exists only if that change
-- committed, and a push service that is down loses none. Sent rows are deleted; after
-- the last attempt a row stays with its last error until the weekly clean-up.
CREATE TABLE push_queue (
  id              bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  payload         text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- The sweep reads the due rows, oldest first; a removed subscription takes its rows along.
CREATE INDEX push_queue_due_idx ON push_queue (next_attempt_at, id);
CREATE INDEX push_queue_subscription_idx ON push_queue (subscription_id);
