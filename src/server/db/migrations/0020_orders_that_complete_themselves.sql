-- Orders that complete themselves (decision 018): what the shopper lets the store's
-- confirmation do without asking again, stated at checkout and kept with the order;
-- whether the confirmation went through on its own; and the reminder before an order
-- that waits for the shopper expires.

-- accept_changes: rows unavailable or substituted as the shopper chose go through when the
-- total changes by at most accept_changes_limit_cents (either way). An order confirmed as
-- ordered always goes through. Orders booked before this change asked for nothing.
ALTER TABLE orders
  ADD COLUMN accept_changes boolean NOT NULL DEFAULT false,
  ADD COLUMN accept_changes_limit_cents integer CHECK (accept_changes_limit_cents >= 0),
  -- Set by the store's confirmation: true when it went through within the shopper's choices.
  ADD COLUMN within_choices boolean,
  -- When the reminder of an order waiting for the shopper is due, and when it was sent.
  ADD COLUMN remind_at timestamptz,
  ADD COLUMN reminded_at timestamptz;

-- The sweep reads the orders whose reminder is due.
CREATE INDEX orders_remind_idx ON orders (remind_at) WHERE status = 'PAYMENT_PENDING' AND reminded_at IS NULL;
