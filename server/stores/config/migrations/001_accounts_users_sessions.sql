-- Tenants: a main account and its sub-accounts (domain groups) form a tree through parent.
CREATE TABLE accounts (
  identity      TEXT PRIMARY KEY,
  company_name  TEXT NOT NULL,
  email         TEXT NOT NULL DEFAULT '',
  parent        TEXT REFERENCES accounts(identity) ON DELETE CASCADE,
  create_time   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX accounts_parent_idx ON accounts(parent);

CREATE TABLE users (
  uid           TEXT PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE,
  email         TEXT NOT NULL DEFAULT '',
  account       TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  role          TEXT NOT NULL DEFAULT 'user',
  -- JSON array of portal:<module>:<view|operation>:* strings
  permissions   JSONB NOT NULL DEFAULT '[]'::jsonb,
  -- accounts a sub-user may act for (empty = its own account tree)
  accounts      JSONB NOT NULL DEFAULT '[]'::jsonb,
  enabled       BOOLEAN NOT NULL DEFAULT TRUE,
  password_hash TEXT NOT NULL,
  -- main-account users own the account; sub-users are created by another user
  is_main       BOOLEAN NOT NULL DEFAULT FALSE,
  creator       TEXT,
  create_time   TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX users_account_idx ON users(account);

CREATE TABLE sessions (
  id            TEXT PRIMARY KEY,
  uid           TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sessions_uid_idx ON sessions(uid);

-- Failed sign-in attempts, for throttling by username and by IP.
CREATE TABLE login_failures (
  id            BIGSERIAL PRIMARY KEY,
  username      TEXT NOT NULL,
  ip            TEXT NOT NULL,
  at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username_idx ON login_failures(username, at);
CREATE INDEX login_failures_ip_idx ON login_failures(ip, at);
