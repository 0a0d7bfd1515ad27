-- Accelerated domains (configuration spec §3). The columns that lists filter, sort and scope on are
-- real columns; everything else a user edits is the config document (DomainConfig, JSONB).
CREATE TABLE domains (
  id                  SERIAL PRIMARY KEY,
  name                TEXT NOT NULL UNIQUE,
  -- owning account: a main account or one of its sub-accounts (domain groups)
  account             TEXT NOT NULL REFERENCES accounts(identity),
  -- the sub-account the domain is in ('' for a main account's own domains)
  belong_domain_group TEXT NOT NULL DEFAULT '',
  type                TEXT NOT NULL,
  scope               TEXT NOT NULL,
  protocol            TEXT NOT NULL DEFAULT 'http',
  status              TEXT NOT NULL DEFAULT 'on',
  operation_state     TEXT NOT NULL DEFAULT 'configuring',
  -- when the issuing job may mark a configuring domain configured (survives restarts)
  issue_due           TIMESTAMPTZ,
  delivery_type       TEXT NOT NULL DEFAULT 'self',
  cname               TEXT NOT NULL,
  certificate_name    TEXT NOT NULL DEFAULT '',
  labels              TEXT[] NOT NULL DEFAULT '{}',
  -- lower-case text the textSearch filter looks in (name, remark, cname, origins, labels, certificate, ICP)
  search_text         TEXT NOT NULL DEFAULT '',
  config              JSONB NOT NULL,
  version             INT NOT NULL DEFAULT 0,
  created_by          TEXT NOT NULL DEFAULT '',
  create_time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT domains_status_chk CHECK (status IN ('on', 'off', 'freeze')),
  CONSTRAINT domains_state_chk CHECK (operation_state IN ('configured', 'configuring'))
);
-- Lists are always narrowed to the caller's accounts, then filtered and sorted.
CREATE INDEX domains_account_name_idx ON domains(account, name);
CREATE INDEX domains_account_create_idx ON domains(account, create_time DESC, id DESC);
CREATE INDEX domains_account_update_idx ON domains(account, update_time DESC, id DESC);
CREATE INDEX domains_account_status_idx ON domains(account, status);
CREATE INDEX domains_account_type_idx ON domains(account, type);
CREATE INDEX domains_group_idx ON domains(belong_domain_group) WHERE belong_domain_group <> '';
CREATE INDEX domains_configuring_idx ON domains(issue_due) WHERE operation_state = 'configuring';
CREATE INDEX domains_labels_idx ON domains USING GIN (labels);

-- Every saved change of a domain: who, when, what changed, and the configuration it produced.
CREATE TABLE domain_versions (
  id          SERIAL PRIMARY KEY,
  domain_id   INT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  version     INT NOT NULL,
  author      TEXT NOT NULL,
  action      TEXT NOT NULL,
  time        TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- DomainChange[] against the previous version
  changes     JSONB NOT NULL DEFAULT '[]'::jsonb,
  summary     TEXT NOT NULL DEFAULT '',
  config      JSONB NOT NULL,
  UNIQUE (domain_id, version)
);

-- Live (streaming) domains: listed in the CDN area, visible to their customer or domain group.
CREATE TABLE live_domains (
  id                  SERIAL PRIMARY KEY,
  name                TEXT NOT NULL UNIQUE,
  customer            TEXT NOT NULL,
  belong_domain_group TEXT NOT NULL DEFAULT '',
  type                TEXT NOT NULL,
  status              TEXT NOT NULL DEFAULT 'on',
  operation_state     TEXT NOT NULL DEFAULT 'configured',
  scope               TEXT NOT NULL DEFAULT 'cn',
  protocol            TEXT NOT NULL DEFAULT 'rtmp',
  source              TEXT NOT NULL DEFAULT '',
  cname               TEXT NOT NULL DEFAULT '',
  create_time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX live_domains_customer_idx ON live_domains(customer);
CREATE INDEX live_domains_group_idx ON live_domains(belong_domain_group);

-- Bucket origins bound to several domains are looked up by containment.
CREATE INDEX domains_origins_idx ON domains USING GIN ((config -> 'origins') jsonb_path_ops);
