import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { listEdgeNodes } from '../../../stores/config/edgeNodes';
import { onlineSince } from '../../../services/edge';
import type { DomainEdgeNodes } from '../../../../common/wire/domains';

/**
 * GET /api/domain/edgeNodes (issue #33): how many edge nodes serve the domains and the names of the
 * offline ones, which hold no change back; the domain screens say so. No tenant data: node names only.
 */
export const domainEdgeRoutes: TypedRoutes = async (app) => {
  app.get('/api/domain/edgeNodes', { config: { module: 'domain', access: 'view' } }, async () => {
    const nodes = await listEdgeNodes(app.db, onlineSince(app.config));
    const reply: DomainEdgeNodes = { total: nodes.length, offline: nodes.filter((n) => n.state === 'offline').map((n) => n.name) };
    return ok(reply);
  });
};
