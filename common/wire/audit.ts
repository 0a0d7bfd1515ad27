import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, literals, nullable, PageNum, PageSize } from './shell/schemas';
import { AUDIT_SORT_FIELDS } from '../rules/audit';

/** Audit log wire shapes (POST /api/audit/search, issue #22), shared by the server and the page. */

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  /** ISO time of the call */
  time: Type.String(),
  username: Type.String(),
  account: nullable(Type.String()),
  ip: Type.String(),
  method: Type.String(),
  /** the route pattern, e.g. /api/certificate/delete/:id */
  route: Type.String(),
  module: Type.String(),
  objectType: Type.String(),
  objectId: Type.String(),
  objectName: Type.String(),
  httpStatus: Type.Integer(),
  /** the reply envelope's code ("0" = success) */
  code: Type.String(),
  message: Type.String(),
  /** configuration objects: state before and after (secrets redacted); null when not known. Any JSON: serialised as is. */
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** POST /api/audit/search body. */
export const AuditQuerySchema = Type.Object(
  {
    pageNum: Type.Optional(PageNum),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(literals(AUDIT_SORT_FIELDS)),
    order: Type.Optional(literals(['ASC', 'DESC'] as const)),
    /** username contains */
    username: Text(128),
    objectType: Text(64),
    /** object id or name contains */
    object: Text(256),
    /** route contains (e.g. /api/domain) */
    route: Text(256),
    /** 'ok': code "0" only, 'failed': the others */
    outcome: Type.Optional(literals(['ok', 'failed'] as const)),
    /** seconds since the epoch */
    startTime: Type.Optional(EpochSeconds),
    endTime: Type.Optional(EpochSeconds),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditSearchReplySchema = Type.Object({ list: Type.Array(AuditEntrySchema), total: Type.Integer() });
export type AuditSearchReply = Static<typeof AuditSearchReplySchema>;
