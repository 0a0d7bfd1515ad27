import type { AnalysisOptions, PullDownOptions } from '../../../common/wire/traffic/index';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';

const EMPTY_OPTIONS: AnalysisOptions = { domainMap: {}, providerMap: {}, domainList: [], providerList: [] };
const EMPTY_PULLDOWN: PullDownOptions = { all: { continent: [], country: [] }, cn: { province: [], isp: [] } };

/**
 * Choices of the search bar: domains per account and providers (analysisOptions, decrypted by the
 * provider) and the area lists (GET /api/es/pullDown/offLine). Loaded once per screen visit; a
 * failure leaves the lists empty (the search still works without those filters).
 */
export function useAnalysisOptions(enabled: boolean) {
  const options = usePortalQuery(['analysis', 'options'], (dp) => dp.analysisOptions({}), { enabled, staleTime: 5 * 60_000 });
  const pullDown = usePortalQuery(['analysis', 'pullDown'], (dp) => dp.pullDownOffline(), { enabled, staleTime: 30 * 60_000 });
  return {
    options: options.data ?? EMPTY_OPTIONS,
    pullDown: pullDown.data ?? EMPTY_PULLDOWN,
    loading: options.loading || pullDown.loading,
  };
}
