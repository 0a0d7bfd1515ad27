import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { queryLiveDomains } from '../../../stores/config/domainsLive';
import { listParam } from './domainRequest';
import { LiveDomainQueryBodySchema, type LiveDomainQuery, type LiveDomainReply } from '../../../../common/wire/domains';

const view = { module: 'liveDomain', access: 'view' } as const;

/** Visibility: super roles all; others entries whose customer or domain group is one of their accounts. */
async function liveAccounts(request: FastifyRequest): Promise<string[] | null> {
  const scope = await request.scope();
  return scope.all ? null : scope.accounts;
}

/** Live domains (contract rows GET /api/liveDomain/find, POST /api/liveDomain/query). */
export const liveDomainRoutes: TypedRoutes = async (app) => {
  app.get('/api/liveDomain/find', { config: view }, async (request) => {
    const { list } = await queryLiveDomains(app.db, await liveAccounts(request), { all: true, sortField: 'name', sortOrder: 'ASC' });
    return ok(list);
  });

  app.post(
    '/api/liveDomain/query',
    {
      config: view,
      schema: { body: LiveDomainQueryBodySchema },
    },
    async (request) => {
      const b = request.body;
      const pageNum = b.pageNum ?? b.current ?? 1;
      const pageSize = b.pageSize ?? 20;
      const q: LiveDomainQuery = {
        pageNum,
        pageSize,
        name: b.name?.trim() || undefined,
        type: listParam(b.type) as LiveDomainQuery['type'],
        status: listParam(b.status) as LiveDomainQuery['status'],
        customer: b.customer?.trim() || undefined,
        // Any text is accepted and an unknown field sorts by the default (the store reads own keys only).
        sortField: b.sortField as LiveDomainQuery['sortField'],
        sortOrder: String(b.sortOrder ?? '').toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
      };
      const { list, total } = await queryLiveDomains(app.db, await liveAccounts(request), q);
      const reply: LiveDomainReply = { list, total, pageNum, current: pageNum, pageSize };
      return ok(reply);
    },
  );
};
