import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { EpochSeconds, Id32, listFields, literals, nullable, PageNum, PageSize } from './shell/schemas';
import { PURGE_STATUSES, type PurgeKind, type PurgeStatus } from '../rules/purge';

/** Shapes of /api/refresh* and /api/prefetch* (issue #16), shared by client and server; the types are Static<> of the schemas. */

const PurgeKindSchema = literals(['url', 'dir', 'prefetch'] as const);
const PurgeStatusSchema = literals(PURGE_STATUSES);

export const PurgeQuotaSchema = Type.Object({
  kind: PurgeKindSchema,
  limit: Type.Integer(),
  used: Type.Integer(),
  remaining: Type.Integer(),
  /** false when the operator has switched this kind off (PORTAL_DIR_PURGE=0) */
  enabled: Type.Boolean(),
});
export type PurgeQuota = Static<typeof PurgeQuotaSchema>;

const StatusCountsSchema = Type.Object(Object.fromEntries(PURGE_STATUSES.map((s) => [s, Type.Integer()])) as Record<PurgeStatus, TInteger>);
export type StatusCounts = Static<typeof StatusCountsSchema>;

export const PurgeTaskSchema = Type.Object({
  id: Type.Integer(),
  kind: PurgeKindSchema,
  account: Type.String(),
  submittedBy: Type.String(),
  urlCount: Type.Integer(),
  status: PurgeStatusSchema,
  counts: StatusCountsSchema,
  createTime: Type.String(),
  finishTime: nullable(Type.String()),
  /** seconds from submission to the last URL's end (or to now while running) */
  durationSeconds: Type.Number(),
  /** the first URL, shown in lists */
  firstUrl: Type.String(),
});
export type PurgeTask = Static<typeof PurgeTaskSchema>;

export const PurgeTaskUrlSchema = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  line: Type.Integer(),
  url: Type.String(),
  status: PurgeStatusSchema,
  linesDone: Type.Integer(),
  linesTotal: Type.Integer(),
  reason: Type.String(),
  httpStatus: nullable(Type.Integer()),
  bytes: nullable(Type.Number()),
  elapsedMs: nullable(Type.Number()),
  updateTime: Type.String(),
});
export type PurgeTaskUrl = Static<typeof PurgeTaskUrlSchema>;

/** The task store's query (server side: the scope's accounts, null = all). */
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

export const PurgeTaskListReplySchema = Type.Object({
  ...listFields(PurgeTaskSchema),
  quotas: Type.Array(PurgeQuotaSchema),
});
export type PurgeTaskListReply = Static<typeof PurgeTaskListReplySchema>;

export const PurgeUrlListReplySchema = Type.Object(listFields(PurgeTaskUrlSchema));
export type PurgeUrlListReply = Static<typeof PurgeUrlListReplySchema>;

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

// Text of at most 100 URLs of at most 2048 characters each, plus line breaks and blank lines.
const UrlsText = Type.String({ maxLength: 250_000 });
const UrlKind = literals(['url', 'dir'] as const);
const Paging = {
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
};

/** POST /api/refresh body. */
export const PurgeRefreshRequestSchema = Type.Object({ type: UrlKind, urls: UrlsText }, { additionalProperties: false });
/** POST /api/prefetch body. */
export const PurgePrefetchRequestSchema = Type.Object({ urls: UrlsText }, { additionalProperties: false });

/** POST /api/refresh/query and /api/prefetch/search body: a task list, or with taskId (refresh only) that task's URLs. */
export const PurgeSearchSchema = Type.Object(
  {
    ...Paging,
    /** purge lists: 'url' or 'dir' (both when absent) */
    type: Type.Optional(UrlKind),
    /** a task's URLs instead of the task list */
    taskId: Type.Optional(Id32),
    startTime: Type.Optional(EpochSeconds),
    endTime: Type.Optional(EpochSeconds),
    status: Type.Optional(PurgeStatusSchema),
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    submittedBy: Type.Optional(Type.String({ maxLength: 128 })),
    account: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type PurgeSearch = Static<typeof PurgeSearchSchema>;

/** POST /api/prefetch/status body: a task's URLs. */
export const PurgeUrlQuerySchema = Type.Object(
  { ...Paging, taskId: Id32, status: Type.Optional(PurgeStatusSchema) },
  { additionalProperties: false },
);
export type PurgeUrlQuery = Static<typeof PurgeUrlQuerySchema>;
