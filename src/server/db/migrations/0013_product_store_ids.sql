-- The stores that sell each product, on the product's own row (written by the
-- catalogue import with store_products, like listing_counts). A text search
-- keeps a match of the shopper's store by reading this array on the row the
-- search index already led to, instead of looking each match up in
-- store_products: "pasta" has some 600 matches among 20,000 products, and
-- those lookups were most of the search's time (docs/performance.md). The
-- page's 24 rows still take their price from store_products, by key.
ALTER TABLE products ADD COLUMN store_ids integer[] NOT NULL DEFAULT '{}';
UPDATE products p SET store_ids = x.ids
FROM (SELECT product_id, array_agg(store_id ORDER BY store_id) AS ids FROM store_products GROUP BY product_id) x
WHERE x.product_id = p.id;
ANALYZE products;
