-- A text search reads a narrow copy of each product's search columns: the
-- words (search_doc, with its GIN index), the text ranked against, the name
-- in its sort order, and the columns a search's filters read (stores,
-- category, branded). On the products row those columns sit after some thirty
-- others, several of them long texts (ingredients, nutrition), and each of a
-- common word's ~600 matches had its whole row walked to reach them: the
-- narrow rows cut a "pasta" search's statement by about a quarter. The
-- catalogue import writes it, after the products and their stores
-- (catalogue/write.ts).
CREATE TABLE product_search (
  id          bigint PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  store_ids   integer[] NOT NULL,
  category_id text NOT NULL,
  branded     boolean NOT NULL,
  search_doc  tsvector NOT NULL,
  search_text text NOT NULL,
  name_key    text NOT NULL -- lower(description): the order of names
);

INSERT INTO product_search (id, store_ids, category_id, branded, search_doc, search_text, name_key)
SELECT id, store_ids, category_id, branded, search_doc, search_text, lower(description) FROM products;

CREATE INDEX product_search_doc_idx ON product_search USING gin (search_doc);
DROP INDEX products_search_idx;
ANALYZE product_search;
