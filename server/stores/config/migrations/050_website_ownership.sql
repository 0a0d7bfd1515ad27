-- Ownership proofs of protected websites' names (issue #35 item 1, docs/websites.md): a challenge
-- token per account and name; verified_at and method are set once the token was found in the DNS
-- TXT record or in the file the name's origin serves. Website create accepts a name only when it is
-- an accelerated domain of the caller's account tree or verified here by an account of that tree.
CREATE TABLE website_ownership (
  id           SERIAL PRIMARY KEY,
  account      TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  domain       TEXT NOT NULL,
  token        TEXT NOT NULL,
  method       TEXT,
  verified_at  TIMESTAMPTZ,
  create_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT website_ownership_method_chk CHECK (method IS NULL OR method IN ('dns', 'file'))
);
CREATE UNIQUE INDEX website_ownership_uq ON website_ownership (account, domain);
CREATE INDEX website_ownership_domain_idx ON website_ownership (domain) WHERE verified_at IS NOT NULL;
