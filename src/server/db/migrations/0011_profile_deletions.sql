-- Profile deletion carried out by the cooperative (spec §2, §4, §9;
-- docs/decisions/006-profile-deletion.md): the account row stays, anonymised,
-- so the orders kept for the fiscal retention period still point at it;
-- deleted_at marks it. Every handled request is recorded with who handled it,
-- when, and how (carried out, or closed with the reason told to the customer).
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

CREATE TABLE profile_deletions (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  requested_at timestamptz NOT NULL,
  handled_at   timestamptz NOT NULL DEFAULT now(),
  handled_by   bigint NOT NULL REFERENCES users(id),
  outcome      text NOT NULL CHECK (outcome IN ('DELETED', 'REFUSED')),
  reason       text
);
CREATE INDEX profile_deletions_user_idx ON profile_deletions (user_id, handled_at DESC);
