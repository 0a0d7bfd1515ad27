-- Purge (URL, directory) and prefetch tasks (issue #16). A task holds its URLs; every URL walks
-- waiting -> processing -> success -> verified (or failed) over the edge lines, driven by the
-- purge job from the stored state (due_at), so a restart continues where it stopped.
CREATE TABLE purge_tasks (
  id           SERIAL PRIMARY KEY,
  kind         TEXT NOT NULL,
  -- the submitting user's account: quotas and visibility
  account      TEXT NOT NULL,
  submitted_by TEXT NOT NULL,
  url_count    INT NOT NULL,
  status       TEXT NOT NULL DEFAULT 'waiting',
  create_time  TIMESTAMPTZ NOT NULL DEFAULT now(),
  finish_time  TIMESTAMPTZ,
  -- the task's URLs in lower case, one per line: the 'URL contains' filter reads this one value per
  -- task instead of looking up every URL row (bench/purge.ts)
  url_text     TEXT NOT NULL DEFAULT '',
  CONSTRAINT purge_tasks_kind_chk CHECK (kind IN ('url', 'dir', 'prefetch')),
  CONSTRAINT purge_tasks_status_chk CHECK (status IN ('waiting', 'processing', 'success', 'verified', 'failed', 'other'))
);
CREATE INDEX purge_tasks_list_idx ON purge_tasks(account, kind, create_time DESC, id DESC);
CREATE INDEX purge_tasks_open_idx ON purge_tasks(id) WHERE status IN ('waiting', 'processing', 'success');

CREATE TABLE purge_task_urls (
  id          BIGSERIAL PRIMARY KEY,
  task_id     INT NOT NULL REFERENCES purge_tasks(id) ON DELETE CASCADE,
  line_no     INT NOT NULL,
  url         TEXT NOT NULL,
  host        TEXT NOT NULL,
  -- the accelerated domain the host belongs to (a wildcard domain may cover several hosts)
  domain      TEXT NOT NULL,
  account     TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'waiting',
  lines_done  INT NOT NULL DEFAULT 0,
  lines_total INT NOT NULL DEFAULT 0,
  -- when the job may take the next step of this URL
  due_at      TIMESTAMPTZ,
  reason      TEXT NOT NULL DEFAULT '',
  http_status INT,
  bytes       BIGINT,
  elapsed_ms  INT,
  create_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT purge_task_urls_status_chk CHECK (status IN ('waiting', 'processing', 'success', 'verified', 'failed', 'other'))
);
CREATE INDEX purge_task_urls_task_idx ON purge_task_urls(task_id, line_no);
-- the 1-minute repeat rule looks up the same URL of the same account
CREATE INDEX purge_task_urls_repeat_idx ON purge_task_urls(account, url, create_time DESC);
CREATE INDEX purge_task_urls_due_idx ON purge_task_urls(due_at) WHERE status IN ('waiting', 'processing', 'success');

-- Every submission: who, when, from which IP and what (kept even when a task is deleted).
CREATE TABLE purge_submissions (
  id          SERIAL PRIMARY KEY,
  task_id     INT,
  kind        TEXT NOT NULL,
  account     TEXT NOT NULL,
  username    TEXT NOT NULL,
  ip          TEXT NOT NULL,
  time        TIMESTAMPTZ NOT NULL DEFAULT now(),
  urls        TEXT[] NOT NULL
);
CREATE INDEX purge_submissions_account_idx ON purge_submissions(account, time DESC);
