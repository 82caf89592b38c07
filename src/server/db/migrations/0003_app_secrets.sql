-- Secrets the server generates once and every API process shares (the JWT
-- signing key when JWT_SECRET is not given).
CREATE TABLE app_secrets (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
