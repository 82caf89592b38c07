-- Search and listing served by indexes on PGlite and PostgreSQL alike.
--
-- Search: search_doc holds the product's words twice, stemmed with the Italian
-- configuration ('pomodori' and 'pomodoro' are one lexeme) and as typed with
-- 'simple' (so 'pomo' finds 'pomodoro' as a prefix without the stemmer
-- cutting it to 'pom', and 'latte' does not find 'lattuga'), over the
-- accent-free description, brand and tags. search_terms is the vocabulary of
-- those words, where a mistyped word finds its nearest neighbour by trigrams
-- ('mozarela' → 'mozzarella'). Both are written by the catalogue import.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE products ADD COLUMN search_doc tsvector NOT NULL DEFAULT ''::tsvector;

UPDATE products p SET search_doc =
  to_tsvector('italian', p.search_text || coalesce(' ' || t.words, ''))
  || to_tsvector('simple', p.search_text || coalesce(' ' || t.words, ''))
FROM (SELECT pp.id, (SELECT string_agg(translate(lower(tg.description), 'àáèéìíòóùú', 'aaeeiioouu'), ' ') FROM product_tags pt JOIN tags tg ON tg.id = pt.tag_id WHERE pt.product_id = pp.id) AS words
      FROM products pp) t
WHERE t.id = p.id;

CREATE INDEX products_search_idx ON products USING gin (search_doc);

CREATE TABLE search_terms (term text PRIMARY KEY);
INSERT INTO search_terms SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', search_text) FROM products') WHERE length(word) >= 3;
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
CREATE INDEX search_terms_prefix_idx ON search_terms (term text_pattern_ops);

-- Listing: one index per category level and sort by name, walked in order
-- so a page of 24 reads about 24 rows instead of sorting the whole category.
CREATE INDEX products_cat1_name_idx ON products (substr(category_id, 1, 2), lower(description), id);
CREATE INDEX products_cat2_name_idx ON products (substr(category_id, 1, 4), lower(description), id);
CREATE INDEX products_cat3_name_idx ON products (category_id, lower(description), id);
CREATE INDEX products_name_idx ON products (lower(description), id);
DROP INDEX products_category_idx;



-- How many products each store sells per category (at every level, '' = all),
-- written by the catalogue import: a listing page reads its total by key
-- instead of counting the category on every request.
CREATE TABLE listing_counts (
  store_id integer NOT NULL,
  category text NOT NULL,
  products integer NOT NULL,
  PRIMARY KEY (store_id, category)
);
INSERT INTO listing_counts (store_id, category, products)
SELECT sp.store_id, c.category, count(*)::int
FROM store_products sp JOIN products p ON p.id = sp.product_id
CROSS JOIN LATERAL (VALUES (''), (substr(p.category_id, 1, 2)), (substr(p.category_id, 1, 4)), (substr(p.category_id, 1, 6))) AS c(category)
GROUP BY sp.store_id, c.category;

ANALYZE products;
ANALYZE search_terms;
ANALYZE listing_counts;
