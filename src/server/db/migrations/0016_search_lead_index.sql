-- A ranked search puts first the products whose name starts with the first
-- word (spec §5), in the order of their accent-free names. This index holds
-- them in that order: the page of those products is read from its start,
-- 24 rows, where every match of the word was read and sorted. The names are compared byte by byte (COLLATE "C"), so that
-- "names starting with 'pasta'" is the range ['pasta', 'pastb') of the index
-- whatever the database's collation: search_text holds only a-z, 0-9 and spaces.
CREATE INDEX product_search_lead_idx ON product_search ((search_text COLLATE "C"), id);

ANALYZE product_search;
