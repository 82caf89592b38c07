// Kysely's view of migrations/*.sql. Keep in step with the migrations: a new
// migration updates these interfaces in the same commit; tests/api/db-schema.test.ts
// compares them with the migrated database on both engines.
import type { ColumnType, Generated } from 'kysely';
import type { NutritionFacts } from '#src/shared/food-info.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateCol = ColumnType<string, string, string>;
type Numeric = ColumnType<number, number | string, number | string>;

type DeliveryMode = 'IN_STORE' | 'DRIVE' | 'AT_HOME' | 'SHIPPED';
type PaymentMode = 'CASH' | 'BANCOMAT' | 'XPAY';

export interface Database {
  catalogue_meta: { key: string; value: string };
  categories: {
    id: string;
    parent_id: string | null;
    level: number;
    description: string;
    slug: string;
    position: number;
  };
  products: {
    id: Generated<number>;
    barcode: string;
    ref: string;
    description: string;
    brand: string | null;
    branded: Generated<boolean>;
    image_url: string | null;
    um: 'PZ' | 'KG';
    purchase_um: string;
    um_step: Numeric;
    min_weight: Numeric | null;
    max_amount: Numeric | null;
    attrib3: string | null;
    category_id: string;
    origin: string | null;
    caliber: string | null;
    ingredients: string | null;
    allergy_advice: string | null;
    allergy_other: string | null;
    nutrition: string | null;
    storage: string | null;
    recycling: string | null;
    variant_group: string | null;
    search_text: string;
    /** Italian stems and plain words of name, brand and tags (migration 0006); never selected for answers. */
    search_doc: Generated<string>;
    /** The stores that sell the product, as in store_products (migration 0013; written by the import). */
    store_ids: Generated<number[]>;
    water_pack: Generated<boolean>;
    unit_quantity: Numeric | null;
    unit_label: string | null;
    /** Mandatory food information (migration 0010). */
    food: Generated<boolean>;
    net_quantity: string | null;
    operator_name: string | null;
    operator_address: string | null;
    origin_required: Generated<boolean>;
    /** NutritionFacts of src/shared/food-info.ts, written by the import (jsonb; JSON text on insert). */
    nutrition_facts: ColumnType<NutritionFacts | null, string | null, string | null>;
  };
  product_images: { product_id: number; position: number; url: string };
  /** A narrow copy of each product's search columns, written by the import (migration 0014). */
  product_search: {
    id: number;
    store_ids: number[];
    category_id: string;
    branded: boolean;
    search_doc: string;
    search_text: string;
    name_key: string;
  };
  search_terms: { term: string };
  tags: { id: number; description: string; image_url: string | null };
  product_tags: { product_id: number; tag_id: number };
  states: { id: string; description: string };
  stores: {
    id: number;
    name: string;
    description: string;
    address: string;
    town: string;
    county: string;
    zip: string;
    state_id: string;
    latitude: number;
    longitude: number;
    phone: string | null;
    email: string | null;
    web_url: string | null;
    logo_image_url: string | null;
    delivery_fee_cents: Generated<number>;
    bag_fee_cents: Generated<number>;
    min_net_total_cents: Generated<number>;
    superstore: Generated<boolean>;
  };
  store_delivery_modes: { store_id: number; delivery_mode: DeliveryMode };
  store_payment_modes: { store_id: number; delivery_mode: DeliveryMode; payment_mode: PaymentMode };
  store_timetables: { store_id: number; week_day: number; opens: string; closes: string };
  store_openings: { store_id: number; day: DateCol; opens: string | null; closes: string | null; note: string | null };
  store_services: { store_id: number; service: string };
  store_departments: {
    id: Generated<number>;
    store_id: number;
    name: string;
    phone: string | null;
    email: string | null;
    hours: string | null;
  };
  delivery_towns: { town: string; store_id: number };
  store_products: { store_id: number; product_id: number; price_cents: number; available: Generated<boolean> };
  promotions: {
    id: Generated<number>;
    store_id: number;
    product_id: number;
    description: string;
    value_type: 'NEW_PRICE' | 'PERCENTAGE' | 'UNKNOWN';
    value: Numeric;
    valid_from: DateCol;
    valid_to: DateCol;
    /** Lowest price of the 30 days before the promotion (migration 0009), written when prices change. */
    lowest_price_30_days_cents: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** Prices applied to shoppers per store and product over runs of days (migration 0009). */
  price_history: {
    id: Generated<number>;
    store_id: number;
    product_id: number;
    kind: 'SHELF' | 'PROMO' | 'FEED';
    valid_from: DateCol;
    valid_to: DateCol | null;
    price_cents: number;
  };
  banners: {
    id: number;
    title: string;
    image_url: string;
    image_app: string;
    category: Generated<string>;
    header_store: number | null;
    position: Generated<number>;
    valid_from: DateCol | null;
    valid_to: DateCol | null;
  };
  banner_products: { banner_id: number; product_id: number; position: number };
  users: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    role: Generated<'CUSTOMER' | 'OPERATOR'>;
    operator_store_id: number | null;
    confirmed_at: Timestamp | null;
    deletion_requested_at: Timestamp | null;
    created_at: Generated<Date>;
    sessions_valid_from: Timestamp | null;
    session_kept_jti: string | null;
    /** Set when the cooperative carried out the profile's deletion (migration 0011): the row stays, anonymised, for the kept orders. */
    deleted_at: Timestamp | null;
  };
  profiles: {
    user_id: number;
    first_name: string;
    last_name: string;
    birth_date: DateCol | null;
    mobile_phone: string | null;
    email: string;
    ssn_code: string | null;
  };
  loyalty_cards: {
    id: Generated<number>;
    user_id: number;
    code: string;
    principal: Generated<boolean>;
    enabled: Generated<boolean>;
  };
  consents: {
    user_id: number;
    accept1: boolean;
    accept2: boolean;
    accept3: Generated<boolean>;
    accept4: Generated<boolean>;
    updated_at: Generated<Date>;
  };
  auth_tokens: {
    token_hash: string;
    user_id: number;
    purpose: 'CONFIRM' | 'RESET';
    expires_at: Timestamp;
    used_at: Timestamp | null;
  };
  /** Handled profile deletion requests (migration 0011): who handled each, when, and how. */
  profile_deletions: {
    id: Generated<number>;
    user_id: number;
    requested_at: Timestamp;
    handled_at: Generated<Date>;
    handled_by: number;
    outcome: 'DELETED' | 'REFUSED';
    reason: string | null;
  };
  revoked_sessions: { jti: string; expires_at: Timestamp };
  rate_limits: { key: string; hits: number; window_start: Timestamp };
  addresses: {
    id: Generated<number>;
    user_id: number;
    address: string;
    street_number: string;
    state: Generated<string>;
    city: string;
    county: string;
    zip: string;
    nation: Generated<string>;
    deleted_at: Timestamp | null;
  };
  billing_addresses: {
    id: Generated<number>;
    user_id: number;
    vat_code: string;
    ssn_code: string | null;
    company_name: string;
    address: string;
    street_number: string;
    zip: string;
    city: string;
    county: string;
    nation: Generated<string>;
    phone: string;
    fax: string | null;
    pec: string | null;
    recipient_code: string | null;
    deleted_at: Timestamp | null;
  };
  favourites: { user_id: number; product_id: number; created_at: Generated<Date> };
  shopping_lists: { id: Generated<number>; user_id: number; title: string; created_at: Generated<Date> };
  list_items: {
    id: Generated<number>;
    list_id: number;
    type: Generated<'PRODUCT' | 'CUSTOM'>;
    product_id: number | null;
    description: string | null;
    amount: Numeric;
  };
  payment_methods: {
    id: Generated<number>;
    user_id: number;
    payment_method_type: 'XPAY';
    provider: string;
    contract_number: string;
    masked_pan: string | null;
    card_brand: string | null;
    expiry: string | null;
    created_at: Generated<Date>;
    deleted_at: Timestamp | null;
  };
  carts: {
    id: Generated<number>;
    user_id: number;
    store_id: number;
    delivery_mode: DeliveryMode;
    address_id: number | null;
    title: string | null;
    status: Generated<'OPEN' | 'FROZEN' | 'CLOSED' | 'ABORTED'>;
    is_current: Generated<boolean>;
    terminal_type: Generated<string>;
    terminal_id: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  cart_items: {
    id: Generated<number>;
    cart_id: number;
    product_id: number;
    amount: Numeric | null;
    weight: Numeric | null;
    price_cents: number;
    available: Generated<boolean>;
    added_at: Generated<Date>;
  };
  slot_templates: {
    id: Generated<number>;
    store_id: number;
    delivery_mode: DeliveryMode;
    week_day: number;
    starts_at: string;
    ends_at: string;
    capacity: number;
    cutoff_minutes: Generated<number>;
  };
  slots: {
    id: Generated<number>;
    template_id: number;
    day: DateCol;
    valid_from: Timestamp;
    valid_to: Timestamp;
    capacity: number;
    booked: Generated<number>;
  };
  orders: {
    id: Generated<number>;
    number: string;
    code: string;
    user_id: number;
    cart_id: number;
    store_id: number;
    delivery_mode: DeliveryMode;
    address_id: number | null;
    /** The delivery address as booked (migration 0008); null for pickup orders. */
    ship_address: string | null;
    ship_street_number: string | null;
    ship_city: string | null;
    ship_county: string | null;
    ship_zip: string | null;
    slot_id: number | null;
    delivery_date: Timestamp | null;
    status: string;
    profile_email: string;
    profile_mobile_phone: string;
    first_name: string;
    last_name: string;
    notes: string | null;
    invoice: Generated<boolean>;
    billing_address_id: number | null;
    enable_products_replacement: boolean;
    payment_mode: PaymentMode;
    net_total_cents: number;
    total_cents: number;
    total_to_pay_cents: number;
    operator_total_cents: number | null;
    payed_cents: number | null;
    expires_at: Timestamp | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  order_fees: { order_id: number; fee_id: string; description: string; value_cents: number };
  order_rows: {
    id: Generated<number>;
    order_id: number;
    product_id: number | null;
    barcode: string;
    ref: string;
    description: string;
    image_url: string | null;
    um: string;
    amount: Numeric | null;
    weight: Numeric | null;
    price_cents: number;
    net_price_cents: number;
    row_net_cents: number;
    operator_amount: Numeric | null;
    operator_total_cents: number | null;
    available: Generated<boolean>;
  };
  order_status_history: {
    id: Generated<number>;
    order_id: number;
    status: string;
    changed_by: number | null;
    changed_at: Generated<Date>;
  };
  payment_transactions: {
    id: Generated<number>;
    order_id: number | null;
    user_id: number;
    kind: 'VERIFY' | 'PREAUTH';
    provider: string;
    transaction_code: string;
    amount_cents: number;
    status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'CAPTURED' | 'VOIDED';
    raw: unknown;
    contract_number: string | null;
    operation_id: string | null;
    captured_cents: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  payment_events: {
    id: Generated<number>;
    order_id: number | null;
    user_id: number;
    transaction_code: string;
    provider: string;
    event: string;
    amount_cents: number | null;
    detail: unknown;
    created_at: Generated<Date>;
  };
  sandbox_cards: {
    contract_number: string;
    provider: string;
    pan: string;
    expiry: string;
    created_at: Generated<Date>;
  };
  sandbox_transactions: {
    code: string;
    provider: string;
    contract_number: string | null;
    authorised_cents: number;
    captured_cents: number | null;
    status: 'AUTHORISED' | 'DECLINED' | 'CAPTURED' | 'VOIDED';
    created_at: Generated<Date>;
  };
  app_secrets: { key: string; value: string; created_at: Generated<Date> };
  mail_outbox: {
    id: Generated<number>;
    recipient: string;
    subject: string;
    text: string;
    html: string | null;
    sent_at: Generated<Date>;
  };
}
