-- Hosts (issue #17): the customers' VPS and dedicated servers, and the provider's areas (regions)
-- they run in (GET /api/area/all). Areas are the provider's configuration, seeded here.
CREATE TABLE areas (
  code       TEXT PRIMARY KEY,
  name_zh    TEXT NOT NULL,
  name_en    TEXT NOT NULL,
  continent  TEXT NOT NULL,
  sort       INT NOT NULL DEFAULT 0
);
INSERT INTO areas (code, name_zh, name_en, continent, sort) VALUES
  ('cn-east',   '华东（上海）', 'East China (Shanghai)',   'Asia',          1),
  ('cn-north',  '华北（北京）', 'North China (Beijing)',   'Asia',          2),
  ('cn-south',  '华南（广州）', 'South China (Guangzhou)', 'Asia',          3),
  ('ap-hk',     '中国香港',     'Hong Kong',               'Asia',          4),
  ('ap-sg',     '新加坡',       'Singapore',               'Asia',          5),
  ('ap-tokyo',  '日本（东京）', 'Japan (Tokyo)',           'Asia',          6),
  ('us-west',   '美国西部（硅谷）', 'US West (Silicon Valley)', 'North America', 7),
  ('eu-frankfurt', '德国（法兰克福）', 'Germany (Frankfurt)', 'Europe',     8);

CREATE TABLE hosts (
  id              SERIAL PRIMARY KEY,
  type            TEXT NOT NULL,
  host_name       TEXT NOT NULL,
  instance_id     TEXT NOT NULL UNIQUE,
  public_ip       TEXT NOT NULL DEFAULT '',
  private_ip      TEXT NOT NULL DEFAULT '',
  area            TEXT NOT NULL REFERENCES areas(code),
  account         TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  cpu_cores       INT NOT NULL,
  memory_gb       INT NOT NULL,
  disk_gb         INT NOT NULL,
  bandwidth_mbps  INT NOT NULL,
  os              TEXT NOT NULL DEFAULT '',
  status          TEXT NOT NULL,
  create_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  expire_time     TIMESTAMPTZ NOT NULL,
  update_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- what the full-text search reads: name, instance id and IPs in lower case, one value per host
  search_text     TEXT GENERATED ALWAYS AS (lower(host_name || ' ' || instance_id || ' ' || public_ip || ' ' || private_ip)) STORED,
  CONSTRAINT hosts_type_chk CHECK (type IN ('vps', 'server')),
  CONSTRAINT hosts_status_chk CHECK (status IN ('running', 'stopped', 'expired', 'creating', 'error')),
  CONSTRAINT hosts_name_chk CHECK (char_length(host_name) BETWEEN 1 AND 64)
);
CREATE INDEX hosts_list_idx ON hosts(type, account, create_time DESC, id DESC);
-- the lists' default order (newest first): the first pages read a few index entries, not every host of the scope
CREATE INDEX hosts_time_idx ON hosts(type, create_time DESC, id DESC);
CREATE INDEX hosts_area_idx ON hosts(type, area);
CREATE INDEX hosts_expire_idx ON hosts(type, expire_time);
