import type { TypedRoutes } from '../../../lib/typeProvider';
import { esSimpleRoutes } from './esSimple';
import { esAnalysisRoutes } from './esAnalysis';
import { esDistributionRoutes } from './esDistribution';
import { esCurveRoutes } from './esCurves';
import { commonRoutes } from './common';
import { overviewRoutes } from './overview';
import { rankingRoutes } from './ranking';
import { billRoutes } from './bill';

/** Every traffic-analysis route of the api backend: analysis, shared calls, overview, ranking, bills. */
export const analysisRoutes: TypedRoutes = async (app) => {
  for (const plugin of [
    esSimpleRoutes,
    esAnalysisRoutes,
    esDistributionRoutes,
    esCurveRoutes,
    commonRoutes,
    overviewRoutes,
    rankingRoutes,
    billRoutes,
  ]) {
    await app.register(plugin);
  }
};
