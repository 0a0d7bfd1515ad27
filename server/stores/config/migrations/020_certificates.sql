-- TLS certificates uploaded by customers (spec: configuration §3 Certificate, §4 deletion states).
-- The private key is stored only encrypted (AES-256-GCM, see server/lib/keyVault.ts).
CREATE TABLE certificates (
  id                   SERIAL PRIMARY KEY,
  name                 TEXT NOT NULL,
  -- owning account (tenant or sub-account) and the user who uploaded it
  account              TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  username             TEXT NOT NULL,
  common_name          TEXT NOT NULL DEFAULT '',
  -- lower-case DNS names from the SAN extension (the common name when there is none)
  dns_names            JSONB NOT NULL DEFAULT '[]'::jsonb,
  issuer_organization  TEXT NOT NULL DEFAULT '',
  issuer_department    TEXT NOT NULL DEFAULT '',
  issuer_country       TEXT NOT NULL DEFAULT '',
  issuer_common_name   TEXT NOT NULL DEFAULT '',
  brand                TEXT NOT NULL DEFAULT '',
  serial               TEXT NOT NULL DEFAULT '',
  signature_algorithm  TEXT NOT NULL DEFAULT '',
  key_algorithm        TEXT NOT NULL DEFAULT '',
  awarded_time         TIMESTAMPTZ NOT NULL,
  expire_time          TIMESTAMPTZ NOT NULL,
  -- the certificate chain, leaf first (public)
  cert_pem             TEXT NOT NULL,
  -- 'v1:' + base64(iv | tag | ciphertext); emptied once the certificate is deleted
  key_encrypted        TEXT NOT NULL,
  shared               BOOLEAN NOT NULL DEFAULT FALSE,
  -- accounts the certificate is shared with (JSON array of account identities)
  share_accounts       JSONB NOT NULL DEFAULT '[]'::jsonb,
  -- 0 normal, 2 deleting, 3 deletion failed, 1 deleted (kept briefly so the status can be polled)
  logic_delete         SMALLINT NOT NULL DEFAULT 0,
  -- {key, domains?} of the last deletion step, localised when read
  delete_log           JSONB,
  delete_requested_at  TIMESTAMPTZ,
  deleted_at           TIMESTAMPTZ,
  create_time          TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX certificates_account_idx ON certificates(account);
CREATE INDEX certificates_logic_delete_idx ON certificates(logic_delete);
CREATE UNIQUE INDEX certificates_account_name_idx ON certificates(account, lower(name)) WHERE logic_delete <> 1;

-- Domains a certificate is bound to from the certificate screen (batch bind).
CREATE TABLE certificate_bindings (
  certificate_id  INTEGER NOT NULL REFERENCES certificates(id) ON DELETE CASCADE,
  domain_name     TEXT NOT NULL,
  create_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (certificate_id, domain_name)
);
CREATE INDEX certificate_bindings_domain_idx ON certificate_bindings(domain_name);
