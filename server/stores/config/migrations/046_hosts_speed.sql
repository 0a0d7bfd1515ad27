-- Hosts at scale (issue #17's bench: 100,000 hosts, one account's scope about 85,000 of them).
-- 1. Full-text search: LIKE '%…%' over name, instance id and IPs reads a trigram index, not every host.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX hosts_search_trgm_idx ON hosts USING gin (search_text gin_trgm_ops);

-- 2. The sortable text column users sort by most (the name) and the expiring filter without a type.
CREATE INDEX hosts_name_idx ON hosts(type, host_name, id);
CREATE INDEX hosts_expire_any_idx ON hosts(expire_time);

-- 3. Totals per account, type, area and status, kept by statement triggers: the lists' total, the
-- counts and the type views read a few rows here instead of counting every host of the scope.
CREATE TABLE host_totals (
  account         TEXT NOT NULL,
  type            TEXT NOT NULL,
  area            TEXT NOT NULL,
  status          TEXT NOT NULL,
  hosts           BIGINT NOT NULL,
  cpu_cores       BIGINT NOT NULL,
  memory_gb       BIGINT NOT NULL,
  disk_gb         BIGINT NOT NULL,
  bandwidth_mbps  BIGINT NOT NULL,
  PRIMARY KEY (account, type, area, status)
);

INSERT INTO host_totals
SELECT account, type, area, status, count(*), sum(cpu_cores), sum(memory_gb), sum(disk_gb), sum(bandwidth_mbps)
FROM hosts GROUP BY account, type, area, status;

-- One function per operation: a statement trigger's transition tables exist only for its own event.

CREATE FUNCTION host_totals_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO host_totals AS t
  SELECT account, type, area, status, count(*), sum(cpu_cores), sum(memory_gb), sum(disk_gb), sum(bandwidth_mbps)
  FROM new_rows GROUP BY account, type, area, status
  ON CONFLICT (account, type, area, status) DO UPDATE SET
    hosts = t.hosts + EXCLUDED.hosts, cpu_cores = t.cpu_cores + EXCLUDED.cpu_cores, memory_gb = t.memory_gb + EXCLUDED.memory_gb,
    disk_gb = t.disk_gb + EXCLUDED.disk_gb, bandwidth_mbps = t.bandwidth_mbps + EXCLUDED.bandwidth_mbps;
  RETURN NULL;
END $$;

CREATE FUNCTION host_totals_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE host_totals t SET hosts = t.hosts - d.n, cpu_cores = t.cpu_cores - d.c, memory_gb = t.memory_gb - d.m,
    disk_gb = t.disk_gb - d.d, bandwidth_mbps = t.bandwidth_mbps - d.b
  FROM (SELECT account, type, area, status, count(*) AS n, sum(cpu_cores) AS c, sum(memory_gb) AS m, sum(disk_gb) AS d, sum(bandwidth_mbps) AS b
        FROM old_rows GROUP BY account, type, area, status) d
  WHERE t.account = d.account AND t.type = d.type AND t.area = d.area AND t.status = d.status;
  DELETE FROM host_totals WHERE hosts = 0;
  RETURN NULL;
END $$;

-- An update moves a host's share from its old key to its new one; a rename changes no total and
-- writes nothing here (the HAVING drops keys whose deltas are all zero).
CREATE FUNCTION host_totals_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO host_totals AS t
  SELECT account, type, area, status, sum(n), sum(c), sum(m), sum(d), sum(b) FROM (
    SELECT account, type, area, status, 1 AS n, cpu_cores AS c, memory_gb AS m, disk_gb AS d, bandwidth_mbps AS b FROM new_rows
    UNION ALL
    SELECT account, type, area, status, -1, -cpu_cores, -memory_gb, -disk_gb, -bandwidth_mbps FROM old_rows
  ) delta
  GROUP BY account, type, area, status
  HAVING sum(n) <> 0 OR sum(c) <> 0 OR sum(m) <> 0 OR sum(d) <> 0 OR sum(b) <> 0
  ON CONFLICT (account, type, area, status) DO UPDATE SET
    hosts = t.hosts + EXCLUDED.hosts, cpu_cores = t.cpu_cores + EXCLUDED.cpu_cores, memory_gb = t.memory_gb + EXCLUDED.memory_gb,
    disk_gb = t.disk_gb + EXCLUDED.disk_gb, bandwidth_mbps = t.bandwidth_mbps + EXCLUDED.bandwidth_mbps;
  DELETE FROM host_totals WHERE hosts = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER hosts_totals_insert AFTER INSERT ON hosts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION host_totals_on_insert();
CREATE TRIGGER hosts_totals_delete AFTER DELETE ON hosts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION host_totals_on_delete();
CREATE TRIGGER hosts_totals_update AFTER UPDATE ON hosts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION host_totals_on_update();
