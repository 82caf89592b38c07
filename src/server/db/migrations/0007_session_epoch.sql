-- A password reset ends every session of the account, a password change every
-- session but the one that made it: tokens issued before sessions_valid_from
-- are refused, except the one whose jti is session_kept_jti.
ALTER TABLE users ADD COLUMN sessions_valid_from timestamptz;
ALTER TABLE users ADD COLUMN session_kept_jti text;
