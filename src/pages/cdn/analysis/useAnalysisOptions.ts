import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../../../dataProviders';
import type { AnalysisOptions, PullDownOptions } from '../../../../common/wire/trafficTypes';

const EMPTY_OPTIONS: AnalysisOptions = { domainMap: {}, providerMap: {}, domainList: [], providerList: [] };
const EMPTY_PULLDOWN: PullDownOptions = { all: { continent: [], country: [] }, cn: { province: [], isp: [] } };

/**
 * Choices of the search bar: domains per account and providers (analysisOptions, decrypted by the
 * provider) and the area lists (GET /api/es/pullDown/offLine). Loaded once per screen visit; a
 * failure leaves the lists empty (the search still works without those filters).
 */
export function useAnalysisOptions(enabled: boolean) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const options = useQuery({
    queryKey: ['analysis', 'options'],
    queryFn: () => dataProvider.analysisOptions({}),
    enabled,
    staleTime: 5 * 60_000,
  });
  const pullDown = useQuery({
    queryKey: ['analysis', 'pullDown'],
    queryFn: () => dataProvider.pullDownOffline(),
    enabled,
    staleTime: 30 * 60_000,
  });
  return {
    options: options.data ?? EMPTY_OPTIONS,
    pullDown: pullDown.data ?? EMPTY_PULLDOWN,
    loading: options.isLoading || pullDown.isLoading,
  };
}
