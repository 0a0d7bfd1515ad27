-- Availability probes of cloud monitoring (issue #20, server/lib/availabilityProbe.ts): one row per
-- probed target (a domain's edge, or one of its origins). The probe job claims a target's slot (the
-- probe minute) with a conditional upsert before probing it, so two workers, or a restart within
-- the same minute, never probe a target twice in one slot; last_event gives the restore event.
CREATE TABLE monit_probe_targets (
  target      TEXT PRIMARY KEY,
  slot        TIMESTAMPTZ NOT NULL,
  last_event  TEXT NOT NULL DEFAULT 'ok' CHECK (last_event IN ('ok', 'error', 'restore'))
);
