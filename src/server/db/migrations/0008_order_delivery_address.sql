-- An order keeps the delivery address as it was booked: the shopper may later
-- edit or delete the address in the profile, and the order must still say
-- where it goes (and where it went). Orders booked before this keep the
-- address they point at, copied once here.
ALTER TABLE orders ADD COLUMN ship_address text;
ALTER TABLE orders ADD COLUMN ship_street_number text;
ALTER TABLE orders ADD COLUMN ship_city text;
ALTER TABLE orders ADD COLUMN ship_county text;
ALTER TABLE orders ADD COLUMN ship_zip text;
UPDATE orders o SET ship_address = a.address, ship_street_number = a.street_number, ship_city = a.city, ship_county = trim(a.county), ship_zip = a.zip
  FROM addresses a WHERE a.id = o.address_id;
