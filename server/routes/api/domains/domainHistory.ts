import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, ok } from '../../../lib/envelope';
import { getVersion, listVersions } from '../../../stores/config/domainsVersions';
import { assertSettled, commitChange, loadDomain, resolveCertificate } from '../../../services/domains';
import { DomainHistoryQuerySchema, DomainRollbackSchema } from '../../../../common/wire/domains';

/** Version history and rollback (contract rows /api/domain/history/*). */
export const domainHistoryRoutes: TypedRoutes = async (app) => {
  app.get(
    '/api/domain/history/version',
    {
      config: { module: 'domain', access: 'view' },
      schema: { querystring: DomainHistoryQuerySchema },
    },
    async (request) => {
      const domain = await loadDomain(request, { name: request.query.domain });
      // Newest first; an empty list is shown as 'No history version' by the screen.
      return ok(await listVersions(app.db, domain.id));
    },
  );

  app.post(
    '/api/domain/history/rollback',
    {
      config: { module: 'domain', access: 'operation' },
      schema: { body: DomainRollbackSchema },
    },
    async (request) => {
      const { domain: name, version } = request.body;
      const domain = await loadDomain(request, { name });
      assertSettled(domain);
      const target = await getVersion(app.db, domain.id, version);
      if (!target) throw fail('domainVersionNotFound');
      // The certificate of that time must still be usable.
      const config = await resolveCertificate(app.db, request, target.config, domain.account);
      // The old configuration becomes the newest version; the history itself is never rewritten.
      const saved = await commitChange(request, domain, config, 'rollback', { note: `rollback to v${version}` });
      return ok(saved);
    },
  );
};
