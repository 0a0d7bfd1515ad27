-- Optimistic concurrency (issue #35 item 4): an update may carry the updateTime it was read at, and a
-- stale one is refused. The wire carries update_time as an ISO string with milliseconds, so the stored
-- value is kept to whole milliseconds (it round-trips exactly), and a statement that sets it to now()
-- moves it strictly forward, by at least 1 ms, even when two writes fall in the same millisecond or
-- transaction. Any other value (the demo's edit history, set into the past) is kept as given.

CREATE FUNCTION update_time_ms_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := date_trunc('milliseconds', NEW.update_time);
  RETURN NEW;
END $$;

CREATE FUNCTION update_time_ms_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.update_time = now() THEN
    NEW.update_time := greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', OLD.update_time) + interval '1 millisecond');
  ELSE
    NEW.update_time := date_trunc('milliseconds', NEW.update_time);
  END IF;
  RETURN NEW;
END $$;

DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['domains', 'certificates', 'websites', 'waf_policies', 'waf_rules', 'ipp_entries',
                             'monit_contacts', 'monit_groups', 'monit_rules', 'users'] LOOP
    EXECUTE format('UPDATE %I SET update_time = date_trunc(''milliseconds'', update_time)', tbl);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT ON %I FOR EACH ROW EXECUTE FUNCTION update_time_ms_insert()',
                   tbl || '_update_time_insert', tbl);
    -- UPDATE OF: only statements that set update_time (a job that changes a state alone leaves it).
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF update_time ON %I FOR EACH ROW EXECUTE FUNCTION update_time_ms_update()',
                   tbl || '_update_time_update', tbl);
  END LOOP;
END $$;
