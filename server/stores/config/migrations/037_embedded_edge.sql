-- The embedded edge's own state (issue #16). The portal hands URLs to it through EdgeControl exactly
-- as to a real control plane (PORTAL_EDGE_URL) and reads their states back with status(); the edge
-- walks its copy over the edge lines. One row per handed-over URL (the purge_task_urls id).
CREATE TABLE embedded_edge_urls (
  id          BIGINT PRIMARY KEY,
  task_id     INT NOT NULL,
  kind        TEXT NOT NULL,
  url         TEXT NOT NULL,
  domain      TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'waiting',
  lines_done  INT NOT NULL DEFAULT 0,
  lines_total INT NOT NULL DEFAULT 0,
  -- when the edge may take this URL's next step
  due_at      TIMESTAMPTZ,
  reason      TEXT NOT NULL DEFAULT '',
  http_status INT,
  bytes       BIGINT,
  elapsed_ms  INT,
  update_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT embedded_edge_urls_kind_chk CHECK (kind IN ('url', 'dir', 'prefetch')),
  CONSTRAINT embedded_edge_urls_status_chk CHECK (status IN ('waiting', 'processing', 'success', 'verified', 'failed'))
);
CREATE INDEX embedded_edge_urls_due_idx ON embedded_edge_urls(due_at) WHERE status IN ('waiting', 'processing', 'success');
CREATE INDEX embedded_edge_urls_done_idx ON embedded_edge_urls(update_time) WHERE status IN ('verified', 'failed');
