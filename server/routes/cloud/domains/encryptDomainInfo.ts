import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { listDomainNames } from '../../../stores/config/domains';
import { requestedAccounts } from '../../../plugins/guard';
import { listParam } from '../../api/domains/domainRequest';
import { DomainAccountQuerySchema } from '../../../../common/wire/domains';

/** All domain names in the caller's scope, AES-encrypted (contract row GET /cloud/encryptDomainInfo?account=all). */
export const encryptDomainInfoRoutes: TypedRoutes = async (app) => {
  app.get(
    '/cloud/encryptDomainInfo',
    {
      config: { module: 'domain', access: 'view' },
      schema: { querystring: DomainAccountQuerySchema },
    },
    async (request) => {
      const { account } = request.query;
      const accounts = await requestedAccounts(request, listParam(account));
      return ok(app.cipher.encryptJson(await listDomainNames(app.db, accounts)));
    },
  );
};
