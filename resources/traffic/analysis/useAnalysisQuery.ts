import type { PortalDataProvider } from '../../../dataProviders';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import type { AnalysisVariant } from '../../../common/wire/traffic/index';
import type { AppliedSearch } from './searchModel';

export interface TabProps {
  applied: AppliedSearch;
  variant: AnalysisVariant;
}

export interface AnalysisQueryState<T> {
  data: T | undefined;
  loading: boolean;
  /** translated error text (server msg or 'An unknown error') */
  error: string | null;
  /** offline query that needs a domain and none is chosen: 'domains is required', no call made */
  blocked: boolean;
}

export interface AnalysisQueryOptions {
  /** offline only: the spec's 'domains is required' rule (URL top, distribution, IPs, flow) */
  needsDomains?: boolean;
  /** false: no call (the state stays empty, not loading) */
  enabled?: boolean;
}

/**
 * One analysis call of a tab (the page kit's query, keyed by the applied search), with the offline
 * rule that some tabs need a domain first: then no call is made and the tab says why.
 */
export function useAnalysisQuery<T>(
  name: string,
  { applied, variant }: TabProps,
  fetch: (dataProvider: PortalDataProvider) => Promise<T>,
  { needsDomains = false, enabled = true }: AnalysisQueryOptions = {},
): AnalysisQueryState<T> {
  const blocked = variant === 'offLine' && needsDomains && !applied.hasDomains;
  const query = usePortalQuery(['analysis', name, variant, applied.search], fetch, { enabled: enabled && !blocked });
  return {
    data: blocked ? undefined : query.data,
    loading: enabled && !blocked && query.loading,
    error: blocked ? null : query.error,
    blocked,
  };
}
