-- A listing walks the narrow copy of the products' search columns (migration
-- 0014) by indexes that carry what its filters read: the product's stores,
-- its category and its own-brand mark. A category page is then read from the
-- index alone (an index-only scan: the import vacuums the table, so its pages
-- are all-visible), where the indexes on products had each of the ~120 rows a
-- fifth page walks past fetched from the products table, for its stores, past
-- some thirty columns with long texts.
-- The category expressions keep category_id among the included columns:
-- PostgreSQL reads an index alone only when it holds every column the
-- statement names.
CREATE INDEX product_search_cat1_name_idx ON product_search (substr(category_id, 1, 2), name_key, id)
  INCLUDE (store_ids, category_id, branded);
CREATE INDEX product_search_cat2_name_idx ON product_search (substr(category_id, 1, 4), name_key, id)
  INCLUDE (store_ids, category_id, branded);
CREATE INDEX product_search_cat3_name_idx ON product_search (category_id, name_key, id) INCLUDE (store_ids, branded);
CREATE INDEX product_search_name_idx ON product_search (name_key, id) INCLUDE (store_ids, category_id, branded);

DROP INDEX products_cat1_name_idx;
DROP INDEX products_cat2_name_idx;
DROP INDEX products_cat3_name_idx;
DROP INDEX products_name_idx;

ANALYZE product_search;
