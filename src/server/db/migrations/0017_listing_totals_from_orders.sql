-- A category's total is now the length of its listing order, which the server
-- reads once per catalogue version and day (services/listing-orders.ts):
-- nothing reads the totals each import wrote here any more.
DROP TABLE listing_counts;
