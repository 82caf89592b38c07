-- Card payments (docs/architecture.md §4): provider transactions with their state, an
-- append-only event log per order and customer, and the provider sandbox's
-- own records (its card vault and transactions; used only when the sandbox
-- stands in for the real providers).

ALTER TABLE payment_transactions DROP CONSTRAINT payment_transactions_kind_check;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_kind_check CHECK (kind IN ('VERIFY', 'PREAUTH'));
ALTER TABLE payment_transactions DROP CONSTRAINT payment_transactions_status_check;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_status_check
  CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'CAPTURED', 'VOIDED'));
ALTER TABLE payment_transactions ADD COLUMN contract_number text;
ALTER TABLE payment_transactions ADD COLUMN operation_id text;          -- the provider's id of the 3-D Secure operation
ALTER TABLE payment_transactions ADD COLUMN captured_cents integer;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_capture_bound
  CHECK (captured_cents IS NULL OR (captured_cents >= 0 AND captured_cents <= amount_cents));
CREATE INDEX payment_transactions_order_idx ON payment_transactions (order_id, kind, status);
-- At most one live hold per order: a second approved hold is released at once.
CREATE UNIQUE INDEX payment_transactions_one_hold ON payment_transactions (order_id)
  WHERE kind = 'PREAUTH' AND status IN ('APPROVED', 'CAPTURED');

CREATE TABLE payment_events (
  id               bigserial PRIMARY KEY,
  order_id         bigint REFERENCES orders(id),
  user_id          bigint NOT NULL,
  transaction_code text NOT NULL,
  provider         text NOT NULL,
  event            text NOT NULL,     -- BOARDING_STARTED, CARD_STORED, CARD_REFUSED, CARD_REMOVED, NONCE_CREATED, AUTHORISED, DECLINED, CAPTURED, VOIDED, CAPTURE_FAILED, VOID_FAILED
  amount_cents     integer,
  detail           jsonb,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_order_idx ON payment_events (order_id, id);
CREATE INDEX payment_events_user_idx ON payment_events (user_id, id);

CREATE FUNCTION payment_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only';
END;
$$;
CREATE TRIGGER payment_events_no_change BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_append_only();

-- The sandbox provider's side --------------------------------------------------
CREATE TABLE sandbox_cards (
  contract_number text PRIMARY KEY,
  provider        text NOT NULL,
  pan             text NOT NULL,
  expiry          text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_transactions (
  code             text PRIMARY KEY,
  provider         text NOT NULL,
  contract_number  text,
  authorised_cents integer NOT NULL,
  captured_cents   integer,
  status           text NOT NULL CHECK (status IN ('AUTHORISED', 'DECLINED', 'CAPTURED', 'VOIDED')),
  created_at       timestamptz NOT NULL DEFAULT now()
);
