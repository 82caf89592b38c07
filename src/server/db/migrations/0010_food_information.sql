-- Mandatory food information before purchase (Reg. (EU) 1169/2011 art. 9 and
-- 14): net quantity, the food business operator, whether the country of
-- origin is mandatory, and the nutrition declaration per 100 g / 100 ml as
-- numbers for the page's table. `food` is false for detergents, cosmetics and
-- pet products, which the regulation does not cover.
ALTER TABLE products ADD COLUMN food boolean NOT NULL DEFAULT true;
ALTER TABLE products ADD COLUMN net_quantity text;
ALTER TABLE products ADD COLUMN operator_name text;
ALTER TABLE products ADD COLUMN operator_address text;
ALTER TABLE products ADD COLUMN origin_required boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN nutrition_facts jsonb;
