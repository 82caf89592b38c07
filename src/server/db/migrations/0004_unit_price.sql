-- The price per kg / litre / piece (attrib3) follows each store's price: keep
-- the pack's content so the API computes it from the store price it answers.
ALTER TABLE products ADD COLUMN unit_quantity numeric(10,4) CHECK (unit_quantity > 0);
ALTER TABLE products ADD COLUMN unit_label text;
