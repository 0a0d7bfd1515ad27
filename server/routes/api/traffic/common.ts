import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { bandAndFlow } from '../../../stores/traffic/analysis/curves';
import { analysisOptions } from '../../../stores/traffic/analysis/options';
import { decryptBody, scopedAccounts, toSearch } from '../../../services/traffic';
import { AnalysisSearchSchema, EncryptedBodySchema } from '../../../../common/wire/traffic/index';

/**
 * The shared encrypted calls of the analysis screens (contract rows POST /api/common/analysisOptions
 * and /api/common/bandAndFlow). Both take {data: AES-ECB(JSON)}; analysisOptions also answers
 * with AES-ECB(JSON) in data.
 */
export const commonRoutes: TypedRoutes = async (app) => {
  const opts = { config: { module: 'log', access: 'view' as const }, schema: { body: EncryptedBodySchema } };

  app.post('/api/common/analysisOptions', opts, async (request) => {
    const query = decryptBody(request, app.cipher.aesDecrypt);
    const data = await analysisOptions(app.db, app.traffic, await scopedAccounts(request, query));
    return ok(app.cipher.encryptJson(data));
  });

  app.post('/api/common/bandAndFlow', opts, async (request) => {
    const raw = decryptBody(request, app.cipher.aesDecrypt, AnalysisSearchSchema);
    // The real-time screen draws its bandwidth with this call, custom ranges included (written to
    // the minute): the times count at the precision they are written with, and no domain is
    // required (the real-time screen covers every domain of the accounts by default).
    return ok(await bandAndFlow(app.traffic, await toSearch(request, raw, 'auto')));
  });
};
