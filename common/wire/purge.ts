import type { PurgeKind, PurgeStatus } from '../rules/purge';

/** Shapes of /api/refresh* and /api/prefetch* (issue #16), shared by client and server. */

export interface PurgeQuota {
  kind: PurgeKind;
  limit: number;
  used: number;
  remaining: number;
  /** false when the operator has switched this kind off (PORTAL_DIR_PURGE=0) */
  enabled: boolean;
}

export type StatusCounts = Record<PurgeStatus, number>;

export interface PurgeTask {
  id: number;
  kind: PurgeKind;
  account: string;
  submittedBy: string;
  urlCount: number;
  status: PurgeStatus;
  counts: StatusCounts;
  createTime: string;
  finishTime: string | null;
  /** seconds from submission to the last URL's end (or to now while running) */
  durationSeconds: number;
  /** the first URL, shown in lists */
  firstUrl: string;
}

export interface PurgeTaskUrl {
  id: number;
  taskId: number;
  line: number;
  url: string;
  status: PurgeStatus;
  linesDone: number;
  linesTotal: number;
  reason: string;
  httpStatus: number | null;
  bytes: number | null;
  elapsedMs: number | null;
  updateTime: string;
}

export interface PurgeTaskQuery {
  kinds: PurgeKind[];
  accounts: string[] | null;
  pageNum: number;
  pageSize: number;
  startTime?: number;
  endTime?: number;
  status?: PurgeStatus;
  urlContains?: string;
  submittedBy?: string;
}

export interface PurgeTaskListReply {
  list: PurgeTask[];
  total: number;
  quotas: PurgeQuota[];
}

export interface PurgeUrlListReply {
  list: PurgeTaskUrl[];
  total: number;
}

export interface PurgeSubmitReply {
  taskId: number;
  count: number;
  /** lines refused because the same URL was purged less than a minute ago */
  repeated: number[];
  quota: PurgeQuota;
}

/** A refused line of a submission: its number and why. */
export interface PurgeLineError {
  line: number;
  url: string;
  reason: string;
}
