import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok, portalEnvelope } from '../../../lib/envelope';
import { searchAudit } from '../../../stores/config/audit';
import { AuditQuerySchema, AuditSearchReplySchema, type AuditSearchReply } from '../../../../common/wire/audit';
import { replySchema } from '../../../lib/wireSchemas';

/**
 * The audit log list (issue #22), a project route outside the contract table (listed with the
 * contract test's documented extras). Module 'audit', view: a main account sees the rows of its
 * account tree (its own, its sub-accounts' and its sub-users' calls), staff every row, a sub-user
 * limited to some accounts only those.
 */
const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

export const auditRoutes: TypedRoutes = async (app) => {
  const schema = { body: AuditQuerySchema, response: replySchema(portalEnvelope, AuditSearchReplySchema) };
  app.post('/api/audit/search', { config: { module: 'audit', access: 'view' }, schema }, async (request) => {
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
