-- IP protection (issue #19): protected origin IPs with their ports, the state machine's due time
-- (restart-safe like domains), the last port check, and the attack alarms the detector finds in the
-- network-traffic samples of the traffic store (traffic.ipp_traffic). Wire values in docs/ipp.md.
CREATE TABLE ipp_entries (
  id            SERIAL PRIMARY KEY,
  account       TEXT NOT NULL REFERENCES accounts(identity) ON DELETE CASCADE,
  origin_ip     TEXT NOT NULL,
  protocol      TEXT NOT NULL,
  ports         JSONB NOT NULL DEFAULT '[]',
  ranges        JSONB NOT NULL DEFAULT '[]',
  preset        TEXT NOT NULL DEFAULT '',
  cname_prefix  TEXT NOT NULL,
  remark        TEXT NOT NULL DEFAULT '',
  status        TEXT NOT NULL,
  -- when the job moves a transitional state on (toBeConfirmed, configuring, disabling); NULL otherwise
  due           TIMESTAMPTZ,
  port_errors   JSONB NOT NULL DEFAULT '[]',
  checked_ports INT NOT NULL DEFAULT 0,
  check_time    TIMESTAMPTZ,
  create_time   TIMESTAMPTZ NOT NULL DEFAULT now(),
  update_time   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT ipp_protocol_chk CHECK (protocol IN ('TCP', 'UDP')),
  CONSTRAINT ipp_preset_chk CHECK (preset IN ('', 'server', 'web')),
  CONSTRAINT ipp_status_chk CHECK (status IN ('toBeConfirmed', 'configuring', 'configured', 'disabling', 'disabled', 'originToBeChecked')),
  CONSTRAINT ipp_remark_chk CHECK (char_length(remark) <= 100)
);
-- cname prefixes are unique under the provider's zone (case-insensitive); an origin IP is protected once
CREATE UNIQUE INDEX ipp_cname_idx ON ipp_entries (lower(cname_prefix));
CREATE UNIQUE INDEX ipp_origin_idx ON ipp_entries (origin_ip, protocol);
CREATE INDEX ipp_account_idx ON ipp_entries (account, create_time DESC, id DESC);
CREATE INDEX ipp_due_idx ON ipp_entries (due) WHERE due IS NOT NULL;

CREATE TABLE ipp_alarms (
  id          SERIAL PRIMARY KEY,
  entry_id    INT NOT NULL REFERENCES ipp_entries(id) ON DELETE CASCADE,
  account     TEXT NOT NULL,
  origin_ip   TEXT NOT NULL,
  type        TEXT NOT NULL,
  state       TEXT NOT NULL,
  start_time  TIMESTAMPTZ NOT NULL,
  end_time    TIMESTAMPTZ NOT NULL,
  peak_bps    BIGINT NOT NULL,
  peak_pps    BIGINT NOT NULL,
  CONSTRAINT ipp_alarm_type_chk CHECK (type IN ('synFlood', 'udpFlood', 'icmpFlood', 'other')),
  CONSTRAINT ipp_alarm_state_chk CHECK (state IN ('ongoing', 'ended')),
  CONSTRAINT ipp_alarm_once UNIQUE (entry_id, start_time)
);
CREATE INDEX ipp_alarms_account_idx ON ipp_alarms (account, start_time DESC);
