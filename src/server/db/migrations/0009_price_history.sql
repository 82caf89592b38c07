-- Price history per store and product, for the lowest price of the 30 days
-- before a price reduction (Codice del consumo art. 17-bis, Omnibus
-- directive). Each row is a price applied to shoppers over a run of days
-- (valid_to inclusive; NULL = still applied today and on):
--   SHELF  the store's regular price, recorded by every import and every
--          change of store_products.price_cents (trigger below);
--   PROMO  a promotion's price, recorded by the import from the feed's
--          promotions (past ones stay when the feed drops them: they were applied);
--   FEED   past prices the ERP sends in the feed's priceHistory section.
-- Overlapping rows are fine: the price applied on a day is the lowest row
-- covering it.
CREATE TABLE price_history (
  id          bigserial PRIMARY KEY,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  product_id  bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('SHELF', 'PROMO', 'FEED')),
  valid_from  date NOT NULL,
  valid_to    date CHECK (valid_to >= valid_from),
  price_cents integer NOT NULL CHECK (price_cents > 0)
);
CREATE INDEX price_history_key_idx ON price_history (store_id, product_id, valid_from);
-- One running shelf price per store and product; one row per promotion start.
CREATE UNIQUE INDEX price_history_open_shelf_idx ON price_history (store_id, product_id) WHERE kind = 'SHELF' AND valid_to IS NULL;
CREATE UNIQUE INDEX price_history_promo_idx ON price_history (store_id, product_id, valid_from) WHERE kind = 'PROMO';

-- The reference price of each promotion, written when prices change so the
-- listing reads it with the promotion it already joins (no history scan per row).
ALTER TABLE promotions ADD COLUMN lowest_price_30_days_cents integer;

-- The reference price of a promotion starting on day D: the lowest price
-- applied in its store on the days D-30 .. D-1 (the 30 days before the
-- reduction). Promotions following one another without a gap (a progressive
-- reduction, art. 17-bis c. 4) count as one campaign: D is the first one's
-- start, so the reference stays the price before the first reduction. Days
-- the history does not cover are left out (a product sold for less than 30
-- days, art. 17-bis c. 3); no covered day at all gives NULL.
-- Every promotion, or those of one store and product.
CREATE FUNCTION refresh_lowest_prices(p_store integer DEFAULT NULL, p_product bigint DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE chain(id, store_id, product_id, start) AS (
    SELECT pr.id, pr.store_id, pr.product_id, pr.valid_from FROM promotions pr
    WHERE (p_store IS NULL OR pr.store_id = p_store) AND (p_product IS NULL OR pr.product_id = p_product)
    UNION
    SELECT c.id, c.store_id, c.product_id, h.valid_from
    FROM chain c JOIN price_history h ON h.store_id = c.store_id AND h.product_id = c.product_id AND h.kind = 'PROMO'
      AND h.valid_from < c.start AND h.valid_to >= c.start - 1
  ),
  campaign AS (SELECT id, store_id, product_id, min(start) AS start FROM chain GROUP BY id, store_id, product_id),
  reference AS (
    SELECT c.id, (SELECT min(h.price_cents) FROM price_history h
      WHERE h.store_id = c.store_id AND h.product_id = c.product_id AND h.valid_from < c.start
        AND (h.valid_to IS NULL OR h.valid_to >= c.start - 30)) AS cents
    FROM campaign c
  )
  UPDATE promotions pr SET lowest_price_30_days_cents = r.cents FROM reference r
  WHERE pr.id = r.id AND pr.lowest_price_30_days_cents IS DISTINCT FROM r.cents;
END $$;

-- A price changed outside the import (the import replaces store_products
-- whole and records the history itself): the old price was applied until
-- today, the new one from today.
CREATE FUNCTION store_price_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'Europe/Rome')::date;
BEGIN
  UPDATE price_history SET valid_to = today
    WHERE store_id = NEW.store_id AND product_id = NEW.product_id AND kind = 'SHELF' AND valid_to IS NULL;
  INSERT INTO price_history (store_id, product_id, kind, valid_from, valid_to, price_cents)
    VALUES (NEW.store_id, NEW.product_id, 'SHELF', today, NULL, NEW.price_cents);
  PERFORM refresh_lowest_prices(NEW.store_id, NEW.product_id);
  RETURN NULL;
END $$;
CREATE TRIGGER store_products_price_history AFTER UPDATE OF price_cents ON store_products
  FOR EACH ROW WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents) EXECUTE FUNCTION store_price_changed();
