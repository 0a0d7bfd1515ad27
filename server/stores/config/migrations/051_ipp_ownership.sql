-- IP protection ownership and limits (issue #35, docs/ipProtection.md). An origin IP is protected only
-- by a tenant it belongs to: an origin of its domains or websites, an IP of its hosts, or proven here
-- (a token the tenant serves on the IP; verify_time set once the file was found). Every port check
-- and proof fetch is recorded (ipp_outbound) for the per-tenant and per-target rate limits.
CREATE TABLE ipp_proofs (
  account      TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  ip           TEXT NOT NULL,
  token        TEXT NOT NULL,
  verify_time  TIMESTAMPTZ,
  create_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account, ip)
);

CREATE TABLE ipp_outbound (
  id       SERIAL PRIMARY KEY,
  -- the tenant charged: the main account of the entry's (or caller's) account
  tenant   TEXT NOT NULL,
  ip       TEXT NOT NULL,
  kind     TEXT NOT NULL,
  ports    INT NOT NULL DEFAULT 0,
  at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT ipp_outbound_kind_chk CHECK (kind IN ('check', 'proof'))
);
CREATE INDEX ipp_outbound_tenant_idx ON ipp_outbound (tenant, at);
CREATE INDEX ipp_outbound_ip_idx ON ipp_outbound (ip, at);
CREATE INDEX ipp_outbound_at_idx ON ipp_outbound (at);
