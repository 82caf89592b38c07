-- The catalogue import upserts slot templates by their natural key (store,
-- mode, week day, start) instead of deleting them: booked slots refer to them.
CREATE UNIQUE INDEX slot_templates_natural_key ON slot_templates (store_id, delivery_mode, week_day, starts_at);
