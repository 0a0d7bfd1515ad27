-- Website protection (issue #18): protected websites, their protection policies and rules.
-- Issuing is stored state (operation_state + issue_due) completed by server/jobs/websiteIssuing.ts,
-- so a restart continues it; the origin check result is stored per origin (check_result).
CREATE TABLE websites (
  id                  SERIAL PRIMARY KEY,
  account             TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  domain              TEXT NOT NULL,
  protection_address  TEXT NOT NULL UNIQUE,
  origin_type         TEXT NOT NULL DEFAULT 'single',
  lb_mode             TEXT NOT NULL DEFAULT 'least_pending',
  origins             JSONB NOT NULL DEFAULT '[]',
  remark              TEXT NOT NULL DEFAULT '',
  certificate_id      INT,
  hsts                JSONB NOT NULL DEFAULT '{"enabled":false,"maxAge":31536000,"includeSubdomains":false}',
  enabled             BOOLEAN NOT NULL DEFAULT true,
  operation_state     TEXT NOT NULL DEFAULT 'configuring',
  issue_due           TIMESTAMPTZ,
  check_state         TEXT NOT NULL DEFAULT 'unchecked',
  check_result        JSONB NOT NULL DEFAULT '[]',
  check_time          TIMESTAMPTZ,
  create_time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT websites_origin_type_chk CHECK (origin_type IN ('single', 'multiple')),
  CONSTRAINT websites_lb_chk CHECK (lb_mode IN ('least_pending', 'random', 'least_connections', 'ip_hash', 'weighted')),
  CONSTRAINT websites_state_chk CHECK (operation_state IN ('configuring', 'configured')),
  CONSTRAINT websites_check_chk CHECK (check_state IN ('unchecked', 'ok', 'error')),
  CONSTRAINT websites_remark_chk CHECK (char_length(remark) <= 100)
);
CREATE UNIQUE INDEX websites_domain_uq ON websites (lower(domain));
CREATE INDEX websites_account_idx ON websites (account, id);
CREATE INDEX websites_issuing_idx ON websites (issue_due) WHERE operation_state = 'configuring';

CREATE TABLE waf_policies (
  id           SERIAL PRIMARY KEY,
  website_id   INT NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  type         SMALLINT NOT NULL,
  enabled      BOOLEAN NOT NULL DEFAULT true,
  config       JSONB NOT NULL DEFAULT '{}',
  create_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT waf_policies_type_chk CHECK (type IN (1, 2, 3))
);
CREATE INDEX waf_policies_website_idx ON waf_policies (website_id, id);

CREATE TABLE waf_rules (
  id           SERIAL PRIMARY KEY,
  website_id   INT NOT NULL REFERENCES websites(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  enabled      BOOLEAN NOT NULL DEFAULT true,
  action_type  SMALLINT NOT NULL,
  action       JSONB NOT NULL DEFAULT '{}',
  filters      JSONB NOT NULL DEFAULT '[]',
  client_apps  JSONB NOT NULL DEFAULT '[]',
  interval_sec INT NOT NULL DEFAULT 60,
  priority     INT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'configuring',
  issue_due    TIMESTAMPTZ,
  create_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT waf_rules_action_chk CHECK (action_type BETWEEN 1 AND 7),
  CONSTRAINT waf_rules_status_chk CHECK (status IN ('configuring', 'configured', 'disabled'))
);
CREATE INDEX waf_rules_website_idx ON waf_rules (website_id, priority, id);
CREATE INDEX waf_rules_issuing_idx ON waf_rules (issue_due) WHERE status = 'configuring';
