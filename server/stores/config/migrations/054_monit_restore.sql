-- Cloud monitoring notices (issue #35): a firing rule restores only after restore_after healthy
-- periods in a row (healthy counts them), so that a low-traffic domain does not flap. Existing
-- rules take the default of the request (2).
ALTER TABLE monit_rules ADD COLUMN restore_after INT NOT NULL DEFAULT 2;
ALTER TABLE monit_rules ADD COLUMN healthy INT NOT NULL DEFAULT 0;
ALTER TABLE monit_rules ADD CONSTRAINT monit_rules_restore_after_chk CHECK (restore_after BETWEEN 1 AND 10);
