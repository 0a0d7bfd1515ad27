-- Audit log (issue #22): one row per write through the API (every route declared with access
-- 'operation', sign-in, sign-out), written by server/plugins/audit.ts. `account` is the acting
-- user's account: visibility follows it (the main account sees its sub-accounts' and sub-users'
-- rows, staff see all). Kept PORTAL_AUDIT_RETENTION_DAYS (180) days by the audit retention job.
CREATE TABLE audit_log (
  id           BIGSERIAL PRIMARY KEY,
  at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- who: the signed-in user (or the username a sign-in named), its account (null: unknown user)
  uid          TEXT,
  username     TEXT NOT NULL DEFAULT '',
  account      TEXT,
  ip           TEXT NOT NULL DEFAULT '',
  -- which call: method and the route pattern (e.g. /api/certificate/delete/:id), its module
  method       TEXT NOT NULL,
  route        TEXT NOT NULL,
  module       TEXT NOT NULL DEFAULT '-',
  -- which object
  object_type  TEXT NOT NULL DEFAULT '',
  object_id    TEXT NOT NULL DEFAULT '',
  object_name  TEXT NOT NULL DEFAULT '',
  -- the outcome: HTTP status, the envelope's code and message
  http_status  INT NOT NULL,
  code         TEXT NOT NULL,
  message      TEXT NOT NULL DEFAULT '',
  -- configuration objects: what changed (secrets redacted by field name before they get here)
  before       JSONB,
  after        JSONB
);
CREATE INDEX audit_log_account_idx ON audit_log(account, at DESC, id DESC);
CREATE INDEX audit_log_at_idx ON audit_log(at DESC, id DESC);
