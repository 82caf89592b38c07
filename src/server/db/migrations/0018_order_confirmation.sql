-- The order lifecycle of the cooperative's terms (decision 014): the store
-- confirms availability before the shopper pays or accepts; each row carries
-- the shopper's choice of substitute; the pickup code is issued after payment.

-- The shopper's choice per cart row, one value the cart's statements read
-- with the row's own columns: {"mode": "SIMILAR" | "NONE"} or {"mode":
-- "PRODUCT", "productId", "barcode", "description", "priceCents"} (the named
-- product as the shopper chose it). NULL: the order's consent at checkout decides.
ALTER TABLE cart_items ADD COLUMN replacement jsonb;

-- The row's choice as booked, with a copy of the named product (its name and
-- price in the store when booked), and the store's confirmation of the row:
-- AVAILABLE, UNAVAILABLE, or SUBSTITUTED (the row then holds the substitute's
-- product, name and price; original_* keep what the shopper had ordered).
ALTER TABLE order_rows
  ADD COLUMN replacement text NOT NULL DEFAULT 'SIMILAR' CHECK (replacement IN ('SIMILAR', 'NONE', 'PRODUCT')),
  ADD COLUMN replacement_product_id bigint REFERENCES products(id) ON DELETE SET NULL,
  ADD COLUMN replacement_barcode text,
  ADD COLUMN replacement_description text,
  ADD COLUMN replacement_price_cents integer,
  ADD COLUMN confirmation text CHECK (confirmation IN ('AVAILABLE', 'UNAVAILABLE', 'SUBSTITUTED')),
  ADD COLUMN original_barcode text,
  ADD COLUMN original_description text,
  ADD COLUMN original_net_price_cents integer,
  ADD COLUMN original_row_net_cents integer;

-- When the store confirmed, what the shopper had asked for in all, and the
-- pickup code (issued once the shopper paid or accepted).
ALTER TABLE orders
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN requested_total_cents integer,
  ADD COLUMN pickup_code text;

-- Orders already paid or accepted under the earlier flow keep their code as the pickup code.
UPDATE orders SET pickup_code = code
  WHERE status NOT IN ('PAYMENT_PENDING', 'TO_BE_PREPARED', 'ABORTED');

-- The expiry sweep reads the orders waiting for the store or the shopper by their deadline.
CREATE INDEX orders_waiting_idx ON orders (expires_at) WHERE status IN ('TO_BE_PREPARED', 'PAYMENT_PENDING');
