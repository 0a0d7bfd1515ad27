-- Issue #33: real edge nodes (docs/edge.md, "Edge nodes (portal side)"). SQL of these tables lives in
-- server/stores/config/edge*.ts only.

-- The configuration revision every node polls (every 2 s): one counter, bumped by triggers in the same
-- statement (hence the same transaction) as any write that changes what an edge serves. Reading it is
-- one primary-key lookup.
CREATE TABLE edge_revision (
  id       INT PRIMARY KEY DEFAULT 1,
  revision BIGINT NOT NULL,
  CONSTRAINT edge_revision_one_chk CHECK (id = 1)
);
INSERT INTO edge_revision (id, revision) VALUES (1, 1);

CREATE FUNCTION edge_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE edge_revision SET revision = revision + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER domains_edge_revision_rows AFTER INSERT OR DELETE ON domains
  FOR EACH STATEMENT EXECUTE FUNCTION edge_revision_bump();
-- Only what a node serves: a domain's state moving (configuring → configured) is not a change.
CREATE TRIGGER domains_edge_revision_update AFTER UPDATE ON domains FOR EACH ROW
  WHEN (OLD.config IS DISTINCT FROM NEW.config OR OLD.status IS DISTINCT FROM NEW.status OR OLD.version IS DISTINCT FROM NEW.version
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.account IS DISTINCT FROM NEW.account)
  EXECUTE FUNCTION edge_revision_bump();
CREATE TRIGGER certificates_edge_revision_rows AFTER INSERT OR DELETE ON certificates
  FOR EACH STATEMENT EXECUTE FUNCTION edge_revision_bump();
CREATE TRIGGER certificates_edge_revision_update AFTER UPDATE ON certificates FOR EACH ROW
  WHEN (OLD.cert_pem IS DISTINCT FROM NEW.cert_pem OR OLD.key_encrypted IS DISTINCT FROM NEW.key_encrypted
        OR OLD.logic_delete IS DISTINCT FROM NEW.logic_delete)
  EXECUTE FUNCTION edge_revision_bump();

-- A registered node. Its secret is kept sealed by the key vault (server/lib/keyVault.ts), never in clear.
CREATE TABLE edge_nodes (
  id                 SERIAL PRIMARY KEY,
  name               TEXT NOT NULL UNIQUE,
  secret_sealed      TEXT NOT NULL,
  version            TEXT NOT NULL DEFAULT '',
  listen             TEXT NOT NULL DEFAULT '',
  tls_listen         TEXT NOT NULL DEFAULT '',
  -- registered → ready once it applied a whole revision; offline is derived from last_seen
  state              TEXT NOT NULL DEFAULT 'registered',
  -- the last revision it applied
  revision           BIGINT NOT NULL DEFAULT 0,
  last_seen          TIMESTAMPTZ,
  -- one log part of a node at a time (the exactly-once check counts the node's rows)
  logs_claimed_until TIMESTAMPTZ,
  registered_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT edge_nodes_state_chk CHECK (state IN ('registered', 'ready'))
);

-- Nonces of signed calls within the replay window; the key refuses a replay even across portal servers.
CREATE TABLE edge_nonces (
  node       TEXT NOT NULL,
  nonce      TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (node, nonce)
);
CREATE INDEX edge_nonces_expiry_idx ON edge_nonces(expires_at);

-- What each node serves of each domain: the version applied, or the version it failed with and why.
CREATE TABLE edge_node_domains (
  node_id         INT NOT NULL REFERENCES edge_nodes(id) ON DELETE CASCADE,
  domain_id       INT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  applied_version INT NOT NULL DEFAULT 0,
  failed_version  INT NOT NULL DEFAULT 0,
  message         TEXT NOT NULL DEFAULT '',
  update_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, domain_id)
);
CREATE INDEX edge_node_domains_domain_idx ON edge_node_domains(domain_id);

-- A purge or prefetch URL handed to one node (one row per ready node per URL), leased while open.
CREATE TABLE edge_jobs (
  node_id      INT NOT NULL REFERENCES edge_nodes(id) ON DELETE CASCADE,
  url_id       BIGINT NOT NULL REFERENCES purge_task_urls(id) ON DELETE CASCADE,
  task_id      INT NOT NULL,
  kind         TEXT NOT NULL,
  url          TEXT NOT NULL,
  domain       TEXT NOT NULL,
  submitted_at TIMESTAMPTZ NOT NULL,
  status       TEXT NOT NULL DEFAULT 'open',
  lease_until  TIMESTAMPTZ,
  reason       TEXT NOT NULL DEFAULT '',
  http_status  INT,
  bytes        BIGINT,
  elapsed_ms   INT,
  evicted      INT,
  update_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, url_id),
  CONSTRAINT edge_jobs_status_chk CHECK (status IN ('open', 'verified', 'failed'))
);
CREATE INDEX edge_jobs_open_idx ON edge_jobs(node_id, lease_until) WHERE status = 'open';
CREATE INDEX edge_jobs_url_idx ON edge_jobs(url_id);

-- How far each log file of each node is loaded; a pending part is one whose insert may or may not have
-- happened (the portal stopped between the insert and this row's update): resolved by counting.
CREATE TABLE edge_log_offsets (
  node_id      INT NOT NULL REFERENCES edge_nodes(id) ON DELETE CASCADE,
  stream       TEXT NOT NULL,
  file         TEXT NOT NULL,
  byte_offset  BIGINT NOT NULL DEFAULT 0,
  pending_end  BIGINT,
  pending_base BIGINT,
  pending_rows BIGINT,
  pending_from TIMESTAMPTZ,
  pending_to   TIMESTAMPTZ,
  update_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, stream, file)
);

-- A domain a ready node could not apply: 'failed' with the node and nginx's message.
ALTER TABLE domains ADD COLUMN operation_error JSONB;
ALTER TABLE domains DROP CONSTRAINT domains_state_chk;
ALTER TABLE domains ADD CONSTRAINT domains_state_chk CHECK (operation_state IN ('configured', 'configuring', 'failed'));
