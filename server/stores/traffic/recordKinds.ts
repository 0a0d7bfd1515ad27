import { ACCESS_LOGS, type RecordKind } from './ingest';
import { HOST_METRICS } from './hostsMetrics';
import { IPP_TRAFFIC } from './ipProtection';
import { SECURITY_EVENTS } from './websitesEvents';

/**
 * Every record kind the ingest path loads (`?kind=` of POST /api/log/ingest, `--kind` of
 * `npm run ingest`; formats in docs/ingest.md). A new kind: its RecordKind beside its table, one line here.
 */
export const RECORD_KINDS: Record<string, RecordKind> = {
  access: ACCESS_LOGS,
  host_metrics: HOST_METRICS,
  ipp_traffic: IPP_TRAFFIC,
  security_events: SECURITY_EVENTS,
};

export const recordKind = (name: string | undefined): RecordKind | undefined =>
  Object.hasOwn(RECORD_KINDS, name ?? 'access') ? RECORD_KINDS[name ?? 'access'] : undefined;
