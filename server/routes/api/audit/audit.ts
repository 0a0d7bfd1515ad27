import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type, type Static } from '@sinclair/typebox';
import { ok, portalEnvelope } from '../../../lib/envelope';
import { searchAudit } from '../../../stores/config/audit';
import { AUDIT_SORT_FIELDS, type AuditSearchReply } from '../../../../common/wire/audit';
import { AuditSearchReplySchema, replySchema } from '../../../lib/wireSchemas';

/**
 * The audit log list (issue #22), a project route outside the contract table (listed with the
 * contract test's documented extras). Module 'audit', view: a main account sees the rows of its
 * account tree (its own, its sub-accounts' and its sub-users' calls), staff every row, a sub-user
 * limited to some accounts only those.
 */
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const SearchBody = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    sort: Type.Optional(Type.Union(AUDIT_SORT_FIELDS.map((f) => Type.Literal(f)))),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
    username: Text(128),
    objectType: Text(64),
    object: Text(256),
    route: Text(256),
    outcome: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('failed')])),
    startTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_102_444_800 })),
    endTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_102_444_800 })),
  },
  { additionalProperties: false },
);

const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

export const auditRoutes: TypedRoutes = async (app) => {
  app.post('/api/audit/search', { config: { module: 'audit', access: 'view' }, schema: { body: SearchBody, response: replySchema(portalEnvelope, AuditSearchReplySchema) } }, async (request) => {
    const body = request.body;
    const scope = await request.scope();
    const reply: AuditSearchReply = await searchAudit(app.db, scope.all ? null : scope.accounts, {
      ...body,
      username: clean(body.username),
      objectType: clean(body.objectType),
      object: clean(body.object),
      route: clean(body.route),
    });
    return ok(reply);
  });
};
