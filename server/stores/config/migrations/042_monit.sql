-- Cloud monitoring (issue #20): alert contacts, contact groups, alert rules with their evaluation
-- state, alarm events and the notification outbox. Everything belongs to one customer account
-- (the signed-in user's account); names are unique per account.
CREATE TABLE monit_contacts (
  id          SERIAL PRIMARY KEY,
  account     TEXT NOT NULL,
  name        TEXT NOT NULL,
  email       TEXT NOT NULL DEFAULT '',
  mobile      TEXT NOT NULL DEFAULT '',
  webhook     TEXT NOT NULL DEFAULT '',
  language    TEXT NOT NULL DEFAULT 'zh',
  remark      TEXT NOT NULL DEFAULT '',
  create_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT monit_contacts_name_uq UNIQUE (account, name),
  CONSTRAINT monit_contacts_language_chk CHECK (language IN ('zh', 'en'))
);

CREATE TABLE monit_groups (
  id          SERIAL PRIMARY KEY,
  account     TEXT NOT NULL,
  name        TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  create_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT monit_groups_name_uq UNIQUE (account, name)
);

CREATE TABLE monit_group_members (
  group_id   INT NOT NULL REFERENCES monit_groups(id) ON DELETE CASCADE,
  contact_id INT NOT NULL REFERENCES monit_contacts(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, contact_id)
);
CREATE INDEX monit_group_members_contact_idx ON monit_group_members(contact_id);

-- A rule and its evaluation state. The job evaluates each completed statistic period once:
-- evaluated_until (the end of the last evaluated period) only moves forward, by a conditional
-- UPDATE, so a restarted or second process never evaluates (nor notifies) a period twice.
CREATE TABLE monit_rules (
  id              SERIAL PRIMARY KEY,
  uuid            UUID NOT NULL UNIQUE,
  account         TEXT NOT NULL,
  name            TEXT NOT NULL,
  domains         TEXT[] NOT NULL,
  metric          TEXT NOT NULL,
  period_minutes  INT NOT NULL,
  comparison      TEXT NOT NULL,
  threshold       DOUBLE PRECISION NOT NULL,
  consecutive     INT NOT NULL DEFAULT 1,
  group_ids       INT[] NOT NULL DEFAULT '{}',
  channels        TEXT[] NOT NULL DEFAULT '{}',
  -- 0: notify once per event
  repeat_minutes  INT NOT NULL DEFAULT 0,
  -- [{"start":"HH:MM","end":"HH:MM"}] in time_zone
  mute_windows    JSONB NOT NULL DEFAULT '[]',
  time_zone       TEXT NOT NULL DEFAULT 'Asia/Shanghai',
  enabled         BOOLEAN NOT NULL DEFAULT true,
  state           TEXT NOT NULL DEFAULT 'ok',
  breaches        INT NOT NULL DEFAULT 0,
  last_value      DOUBLE PRECISION,
  evaluated_until TIMESTAMPTZ,
  event_id        BIGINT,
  last_notified   TIMESTAMPTZ,
  create_by       TEXT NOT NULL DEFAULT '',
  create_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT monit_rules_name_uq UNIQUE (account, name),
  CONSTRAINT monit_rules_state_chk CHECK (state IN ('ok', 'firing')),
  CONSTRAINT monit_rules_comparison_chk CHECK (comparison IN ('gt', 'gte', 'lt', 'lte')),
  CONSTRAINT monit_rules_period_chk CHECK (period_minutes IN (1, 5, 15, 30, 60)),
  CONSTRAINT monit_rules_consecutive_chk CHECK (consecutive BETWEEN 1 AND 10)
);
CREATE INDEX monit_rules_account_idx ON monit_rules(account, create_time DESC);
CREATE INDEX monit_rules_enabled_idx ON monit_rules(id) WHERE enabled;

-- Alarm events: firing, repeat (still firing after the repeat interval) and restored, with the
-- value that caused them. Kept when the rule is deleted (rule name and uuid copied).
CREATE TABLE monit_alarms (
  id           BIGSERIAL PRIMARY KEY,
  account      TEXT NOT NULL,
  rule_uuid    UUID NOT NULL,
  rule_name    TEXT NOT NULL,
  event        TEXT NOT NULL,
  metric       TEXT NOT NULL,
  comparison   TEXT NOT NULL,
  threshold    DOUBLE PRECISION NOT NULL,
  value        DOUBLE PRECISION NOT NULL,
  domains      TEXT[] NOT NULL,
  period_start TIMESTAMPTZ NOT NULL,
  period_end   TIMESTAMPTZ NOT NULL,
  muted        BOOLEAN NOT NULL DEFAULT false,
  time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT monit_alarms_event_chk CHECK (event IN ('firing', 'repeat', 'restored')),
  -- one event of a kind per rule and period: a replayed period adds nothing
  CONSTRAINT monit_alarms_once_uq UNIQUE (rule_uuid, event, period_end)
);
CREATE INDEX monit_alarms_list_idx ON monit_alarms(account, time DESC, id DESC);

-- The notification outbox: one row per alarm event, contact and channel (unique, so an event is
-- never notified twice). status: pending (due_at, attempts) -> sent | failed (reason) |
-- not_configured (the channel's gateway is not configured) | muted (inside a mute window) |
-- no_address (the contact has no address for the channel). Test messages have no alarm.
CREATE TABLE monit_notifications (
  id           BIGSERIAL PRIMARY KEY,
  account      TEXT NOT NULL,
  alarm_id     BIGINT REFERENCES monit_alarms(id) ON DELETE CASCADE,
  rule_uuid    UUID,
  rule_name    TEXT NOT NULL DEFAULT '',
  contact_id   INT,
  contact_name TEXT NOT NULL,
  channel      TEXT NOT NULL,
  target       TEXT NOT NULL DEFAULT '',
  status       TEXT NOT NULL DEFAULT 'pending',
  reason       TEXT NOT NULL DEFAULT '',
  subject      TEXT NOT NULL DEFAULT '',
  content      TEXT NOT NULL DEFAULT '',
  payload      JSONB,
  attempts     INT NOT NULL DEFAULT 0,
  due_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- a worker's claim: another tick does not take the row before this time
  claimed_until TIMESTAMPTZ,
  time         TIMESTAMPTZ NOT NULL DEFAULT now(),
  sent_time    TIMESTAMPTZ,
  CONSTRAINT monit_notifications_channel_chk CHECK (channel IN ('email', 'sms', 'webhook')),
  CONSTRAINT monit_notifications_status_chk CHECK (status IN ('pending', 'sent', 'failed', 'not_configured', 'muted', 'no_address'))
);
CREATE UNIQUE INDEX monit_notifications_once_uq ON monit_notifications(alarm_id, contact_id, channel) WHERE alarm_id IS NOT NULL;
CREATE INDEX monit_notifications_list_idx ON monit_notifications(account, time DESC, id DESC);
CREATE INDEX monit_notifications_due_idx ON monit_notifications(due_at) WHERE status = 'pending';
