-- The ERP over HTTP (POST /cli/admin/feeds, docs/catalogue-feed.md "Over HTTP") and the
-- availability a store changes during the day (docs/product.md, Store staff).
--
-- A feed the ERP sent and the shop applied, keyed by the id the ERP gives it: claimed in
-- the transaction that writes the feed, so the same feed sent twice, or to two API
-- processes at once, is written once; the second answer is the first one's report.
-- A refused feed leaves no row (nothing was written: the ERP may send it again corrected).
CREATE TABLE erp_feeds (
  feed_id     text PRIMARY KEY CHECK (length(feed_id) BETWEEN 1 AND 100),
  kind        text NOT NULL CHECK (kind IN ('FULL', 'DELTA')),
  received_at timestamptz NOT NULL DEFAULT now(),
  report      jsonb
);

-- Who marked a product unavailable or available again in a store, and when: the store's
-- own changes beside the ERP's (a later feed sets availability again, as the ERP knows it).
CREATE TABLE store_availability_changes (
  id         bigserial PRIMARY KEY,
  store_id   integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  available  boolean NOT NULL,
  changed_by bigint REFERENCES users(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX store_availability_changes_store_idx ON store_availability_changes (store_id, changed_at DESC);
