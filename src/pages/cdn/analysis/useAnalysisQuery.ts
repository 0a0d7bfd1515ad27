import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../../dataProviders';
import { BUSY_RETRY_DELAY_MS, PortalApiError, retryBusy } from '../../../../dataProviders/http';
import type { AnalysisVariant } from '../../../../dataProviders/api/trafficTypes';
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

/** The error text of a failed call: the server's msg (or an i18n key), else 'An unknown error'. */
export function useErrorText() {
  const translate = useTranslate();
  return (error: unknown): string => {
    if (error instanceof PortalApiError && error.message) return translate(error.message, { _: error.message, ...error.messageArgs });
    return translate('portal.errors.unknown');
  };
}

/**
 * One analysis call of a tab, keyed by the applied search (and the language, so server messages follow
 * a language switch). Only the server's busy answer is retried (retryBusy); any other error shows at once.
 */
export function useAnalysisQuery<T>(
  name: string,
  { applied, variant }: TabProps,
  fetch: (dataProvider: PortalDataProvider) => Promise<T>,
  { needsDomains = false, enabled = true }: AnalysisQueryOptions = {},
): AnalysisQueryState<T> {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const blocked = variant === 'offLine' && needsDomains && !applied.hasDomains;
  const query = useQuery({
    queryKey: ['analysis', name, variant, applied.search, locale],
    queryFn: () => fetch(dataProvider),
    enabled: enabled && !blocked,
    retry: retryBusy,
    retryDelay: BUSY_RETRY_DELAY_MS,
    refetchOnWindowFocus: false,
  });
  return {
    data: blocked ? undefined : query.data,
    loading: enabled && !blocked && query.isPending,
    error: !blocked && query.error ? errorText(query.error) : null,
    blocked,
  };
}
