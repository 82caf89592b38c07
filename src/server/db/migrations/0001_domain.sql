-- The whole domain of spec §3. Money is integer cents; quantities numeric(10,2)
-- (weights in kg, numeric(10,3) where grams matter). Later issues extend it
-- through new numbered migrations; never edit a migration that has landed.

-- Catalogue ---------------------------------------------------------------

CREATE TABLE catalogue_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE categories (
  id          text PRIMARY KEY,               -- '04', '0401', '040101': prefix 04 = frozen (spec §9)
  parent_id   text REFERENCES categories(id) ON DELETE CASCADE,
  level       smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  description text NOT NULL,
  slug        text NOT NULL,
  position    integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_parent_idx ON categories (parent_id, position);

CREATE TABLE products (
  id             bigserial PRIMARY KEY,
  barcode        text NOT NULL UNIQUE CHECK (barcode ~ '^[0-9]{8,14}$'),
  ref            text NOT NULL,
  description    text NOT NULL,
  brand          text,
  branded        boolean NOT NULL DEFAULT false,  -- the cooperative's own brand (onlyBranded)
  image_url      text,
  um             text NOT NULL CHECK (um IN ('PZ', 'KG')),
  purchase_um    text NOT NULL,
  um_step        numeric(10,3) NOT NULL CHECK (um_step > 0),
  min_weight     numeric(10,3),
  max_amount     numeric(10,2),
  attrib3        text,                          -- price per kg, or units per step
  category_id    text NOT NULL REFERENCES categories(id),
  origin         text,
  caliber        text,
  ingredients    text,
  allergy_advice text,
  allergy_other  text,
  nutrition      text,
  storage        text,
  recycling      text,
  variant_group  text,                          -- products sharing it are each other's variants
  search_text    text NOT NULL,                 -- lower-case, accent-free description + brand
  water_pack     boolean NOT NULL DEFAULT false -- counts against the 5-pack limit (spec §9)
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_variant_idx ON products (variant_group) WHERE variant_group IS NOT NULL;

CREATE TABLE product_images (
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position   smallint NOT NULL,
  url        text NOT NULL,
  PRIMARY KEY (product_id, position)
);

CREATE TABLE tags (
  id          integer PRIMARY KEY,
  description text NOT NULL,
  image_url   text
);

CREATE TABLE product_tags (
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  tag_id     integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_tag_idx ON product_tags (tag_id);

-- Stores ------------------------------------------------------------------

CREATE TABLE states (
  id          text PRIMARY KEY,                 -- 'PUGLIA', 'BASILICATA'
  description text NOT NULL
);

CREATE TABLE stores (
  id                  integer PRIMARY KEY,
  name                text NOT NULL,
  description         text NOT NULL,
  address             text NOT NULL,
  town                text NOT NULL,
  county              char(2) NOT NULL,
  zip                 char(5) NOT NULL,
  state_id            text NOT NULL REFERENCES states(id),
  latitude            double precision NOT NULL,
  longitude           double precision NOT NULL,
  phone               text,
  email               text,
  web_url             text,
  logo_image_url      text,
  delivery_fee_cents  integer NOT NULL DEFAULT 350 CHECK (delivery_fee_cents >= 0),
  bag_fee_cents       integer NOT NULL DEFAULT 0 CHECK (bag_fee_cents >= 0),
  min_net_total_cents integer NOT NULL DEFAULT 2500 CHECK (min_net_total_cents >= 0),
  superstore          boolean NOT NULL DEFAULT false
);

CREATE TABLE store_delivery_modes (
  store_id      integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  delivery_mode text NOT NULL CHECK (delivery_mode IN ('IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED')),
  PRIMARY KEY (store_id, delivery_mode)
);

CREATE TABLE store_payment_modes (
  store_id      integer NOT NULL,
  delivery_mode text NOT NULL,
  payment_mode  text NOT NULL CHECK (payment_mode IN ('CASH', 'BANCOMAT', 'XPAY')),
  PRIMARY KEY (store_id, delivery_mode, payment_mode),
  FOREIGN KEY (store_id, delivery_mode) REFERENCES store_delivery_modes (store_id, delivery_mode) ON DELETE CASCADE
);

CREATE TABLE store_timetables (
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  week_day smallint NOT NULL CHECK (week_day BETWEEN 1 AND 7), -- 1 = Sunday (spec §3)
  opens    time NOT NULL,
  closes   time NOT NULL,
  PRIMARY KEY (store_id, week_day, opens)
);

CREATE TABLE store_openings (                      -- exceptions: holidays, special openings
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day      date NOT NULL,
  opens    time,                                   -- NULL = closed that day
  closes   time,
  note     text,
  PRIMARY KEY (store_id, day)
);

CREATE TABLE store_services (
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  service  text NOT NULL,
  PRIMARY KEY (store_id, service)
);

CREATE TABLE store_departments (
  id       serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name     text NOT NULL,
  phone    text,
  email    text,
  hours    text
);

CREATE TABLE delivery_towns (                      -- AT_HOME only to these (spec §9)
  town     text PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id)
);

CREATE TABLE store_products (
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  product_id      bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  price_cents     integer NOT NULL CHECK (price_cents > 0),
  available       boolean NOT NULL DEFAULT true,
  PRIMARY KEY (store_id, product_id)
);
CREATE INDEX store_products_product_idx ON store_products (product_id);

CREATE TABLE promotions (
  id          bigserial PRIMARY KEY,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  product_id  bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  description text NOT NULL,
  value_type  text NOT NULL CHECK (value_type IN ('NEW_PRICE', 'PERCENTAGE', 'UNKNOWN')),
  value       numeric(10,2) NOT NULL CHECK (value > 0), -- euro for NEW_PRICE, percent otherwise
  valid_from  date NOT NULL,
  valid_to    date NOT NULL CHECK (valid_to >= valid_from)
);
CREATE INDEX promotions_lookup_idx ON promotions (store_id, product_id, valid_to);

CREATE TABLE banners (
  id           integer PRIMARY KEY,
  title        text NOT NULL,
  image_url    text NOT NULL,
  image_app    text NOT NULL,
  category     text NOT NULL DEFAULT 'WEB',
  header_store integer REFERENCES stores(id),       -- headerBanner per store
  position     integer NOT NULL DEFAULT 0,
  valid_from   date,
  valid_to     date
);

CREATE TABLE banner_products (
  banner_id  integer NOT NULL REFERENCES banners(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position   integer NOT NULL,
  PRIMARY KEY (banner_id, product_id)
);

-- Customers ---------------------------------------------------------------

CREATE TABLE users (
  id                    bigserial PRIMARY KEY,
  username              text NOT NULL UNIQUE,    -- the e-mail address, lower-case
  password_hash         text NOT NULL,
  role                  text NOT NULL DEFAULT 'CUSTOMER' CHECK (role IN ('CUSTOMER', 'OPERATOR')),
  operator_store_id     integer REFERENCES stores(id),
  confirmed_at          timestamptz,
  deletion_requested_at timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profiles (
  user_id      bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  first_name   text NOT NULL,
  last_name    text NOT NULL,
  birth_date   date,
  mobile_phone text,
  email        text NOT NULL,
  ssn_code     char(16)
);

CREATE TABLE loyalty_cards (
  id        bigserial PRIMARY KEY,
  user_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code      char(13) NOT NULL CHECK (code ~ '^0248[0-9]{9}$'),
  principal boolean NOT NULL DEFAULT true,
  enabled   boolean NOT NULL DEFAULT true
);
CREATE INDEX loyalty_cards_user_idx ON loyalty_cards (user_id);

CREATE TABLE consents (
  user_id    bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  accept1    boolean NOT NULL,
  accept2    boolean NOT NULL,
  accept3    boolean NOT NULL DEFAULT false,
  accept4    boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_tokens (                         -- single-use links: confirmation, reset
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('CONFIRM', 'RESET')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE TABLE revoked_sessions (                    -- logout revokes a JWT by its jti
  jti        text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE rate_limits (                         -- shared by every API process
  key          text PRIMARY KEY,
  hits         integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE addresses (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address       text NOT NULL,
  street_number text NOT NULL,
  state         text NOT NULL DEFAULT 'Puglia',
  city          text NOT NULL,
  county        char(2) NOT NULL,
  zip           char(5) NOT NULL,
  nation        char(2) NOT NULL DEFAULT 'IT',
  deleted_at    timestamptz
);
CREATE INDEX addresses_user_idx ON addresses (user_id);

CREATE TABLE billing_addresses (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  vat_code       text NOT NULL,
  ssn_code       text,
  company_name   text NOT NULL,
  address        text NOT NULL,
  street_number  text NOT NULL,
  zip            char(5) NOT NULL,
  city           text NOT NULL,
  county         char(2) NOT NULL,
  nation         char(2) NOT NULL DEFAULT 'IT',
  phone          text NOT NULL,
  fax            text,
  pec            text,
  recipient_code text,
  deleted_at     timestamptz
);
CREATE INDEX billing_addresses_user_idx ON billing_addresses (user_id);

CREATE TABLE favourites (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE shopping_lists (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shopping_lists_user_idx ON shopping_lists (user_id);

CREATE TABLE list_items (
  id          bigserial PRIMARY KEY,
  list_id     bigint NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
  type        text NOT NULL DEFAULT 'PRODUCT' CHECK (type IN ('PRODUCT', 'CUSTOM')),
  product_id  bigint REFERENCES products(id) ON DELETE SET NULL,
  description text,
  amount      numeric(10,2) NOT NULL CHECK (amount >= 1),
  CHECK ((type = 'PRODUCT' AND product_id IS NOT NULL) OR (type = 'CUSTOM' AND description IS NOT NULL))
);
CREATE INDEX list_items_list_idx ON list_items (list_id);

CREATE TABLE payment_methods (
  id                  bigserial PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payment_method_type text NOT NULL CHECK (payment_method_type IN ('XPAY')),
  provider            text NOT NULL,
  contract_number     text NOT NULL,
  masked_pan          text,
  card_brand          text,
  expiry              text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  deleted_at          timestamptz
);
CREATE UNIQUE INDEX payment_methods_one_active ON payment_methods (user_id, payment_method_type) WHERE deleted_at IS NULL;

-- Carts, slots and orders ---------------------------------------------------

CREATE TABLE carts (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id      integer NOT NULL REFERENCES stores(id),
  delivery_mode text NOT NULL CHECK (delivery_mode IN ('IN_STORE', 'DRIVE', 'AT_HOME', 'SHIPPED')),
  address_id    bigint REFERENCES addresses(id),
  title         text,
  status        text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'FROZEN', 'CLOSED', 'ABORTED')),
  is_current    boolean NOT NULL DEFAULT false,
  terminal_type text NOT NULL DEFAULT 'WEB',
  terminal_id   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_user_idx ON carts (user_id, status);
CREATE UNIQUE INDEX carts_one_current ON carts (user_id) WHERE is_current AND status = 'OPEN';

CREATE TABLE cart_items (
  id              bigserial PRIMARY KEY,
  cart_id         bigint NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id      bigint NOT NULL REFERENCES products(id),
  amount          numeric(10,2),                 -- pieces, for PZ
  weight          numeric(10,3),                 -- kg, for the others
  price_cents     integer NOT NULL,              -- price seen when added (freeze check compares)
  available       boolean NOT NULL DEFAULT true, -- availability seen when added
  added_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, product_id),
  CHECK (amount IS NOT NULL OR weight IS NOT NULL)
);

CREATE TABLE slot_templates (
  id             serial PRIMARY KEY,
  store_id       integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  delivery_mode  text NOT NULL,
  week_day       smallint NOT NULL CHECK (week_day BETWEEN 2 AND 7), -- Monday–Saturday, 1 = Sunday
  starts_at      time NOT NULL,
  ends_at        time NOT NULL CHECK (ends_at > starts_at),
  capacity       integer NOT NULL CHECK (capacity >= 0),
  cutoff_minutes integer NOT NULL DEFAULT 120 CHECK (cutoff_minutes >= 0),
  FOREIGN KEY (store_id, delivery_mode) REFERENCES store_delivery_modes (store_id, delivery_mode) ON DELETE CASCADE
);

CREATE TABLE slots (                               -- one row per template and day, made on demand
  id          bigserial PRIMARY KEY,
  template_id integer NOT NULL REFERENCES slot_templates(id) ON DELETE CASCADE,
  day         date NOT NULL,
  valid_from  timestamptz NOT NULL,
  valid_to    timestamptz NOT NULL,
  capacity    integer NOT NULL CHECK (capacity >= 0),
  booked      integer NOT NULL DEFAULT 0,
  UNIQUE (template_id, day),
  CHECK (booked >= 0 AND booked <= capacity)       -- the database itself refuses overbooking
);

CREATE TABLE orders (
  id                          bigserial PRIMARY KEY,
  number                      text NOT NULL UNIQUE,
  code                        text NOT NULL,      -- pickup code
  user_id                     bigint NOT NULL REFERENCES users(id),
  cart_id                     bigint NOT NULL REFERENCES carts(id),
  store_id                    integer NOT NULL REFERENCES stores(id),
  delivery_mode               text NOT NULL,
  address_id                  bigint REFERENCES addresses(id),
  slot_id                     bigint REFERENCES slots(id),
  delivery_date               timestamptz,
  status                      text NOT NULL CHECK (status IN ('ISSUING_RECEIPT', 'CANCELLED', 'ABORTED',
                                'TO_BE_PREPARED', 'IN_PREPARATION', 'COLLECTED', 'NOT_COLLECTED', 'TO_BE_COLLECTED',
                                'TO_BE_DELIVERED', 'DELIVERED', 'REFUSED', 'PAYMENT_PENDING')),
  profile_email               text NOT NULL,
  profile_mobile_phone        text NOT NULL,
  first_name                  text NOT NULL,
  last_name                   text NOT NULL,
  notes                       text,
  invoice                     boolean NOT NULL DEFAULT false,
  billing_address_id          bigint REFERENCES billing_addresses(id),
  enable_products_replacement boolean NOT NULL,
  payment_mode                text NOT NULL CHECK (payment_mode IN ('CASH', 'BANCOMAT', 'XPAY')),
  net_total_cents             integer NOT NULL,
  total_cents                 integer NOT NULL,
  total_to_pay_cents          integer NOT NULL,
  operator_total_cents        integer,
  payed_cents                 integer,
  expires_at                  timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_store_status_idx ON orders (store_id, status);

CREATE TABLE order_fees (
  order_id    bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  fee_id      text NOT NULL,                    -- DELIVERY, WATER_PACKS, BAGS
  description text NOT NULL,
  value_cents integer NOT NULL,
  PRIMARY KEY (order_id, fee_id)
);

CREATE TABLE order_rows (
  id                   bigserial PRIMARY KEY,
  order_id             bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id           bigint REFERENCES products(id),
  barcode              text NOT NULL,
  ref                  text NOT NULL,
  description          text NOT NULL,
  image_url            text,
  um                   text NOT NULL,
  amount               numeric(10,2),
  weight               numeric(10,3),
  price_cents          integer NOT NULL,
  net_price_cents      integer NOT NULL,
  row_net_cents        integer NOT NULL,
  operator_amount      numeric(10,3),           -- what the store actually picked
  operator_total_cents integer,
  available            boolean NOT NULL DEFAULT true
);
CREATE INDEX order_rows_order_idx ON order_rows (order_id);

CREATE TABLE order_status_history (
  id         bigserial PRIMARY KEY,
  order_id   bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status     text NOT NULL,
  changed_by bigint REFERENCES users(id),
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_transactions (
  id               bigserial PRIMARY KEY,
  order_id         bigint REFERENCES orders(id),
  user_id          bigint NOT NULL REFERENCES users(id),
  kind             text NOT NULL CHECK (kind IN ('VERIFY', 'PREAUTH', 'CAPTURE', 'VOID')),
  provider         text NOT NULL,
  transaction_code text NOT NULL UNIQUE,         -- a replayed callback finds it already used
  amount_cents     integer NOT NULL,
  status           text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'VOIDED')),
  raw              jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Development mail outbox (docs/architecture.md §4), shared by every process ------------

CREATE TABLE mail_outbox (
  id        bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject   text NOT NULL,
  text      text NOT NULL,
  html      text,
  sent_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, sent_at);
