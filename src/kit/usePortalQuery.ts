import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { BUSY_RETRY_DELAY_MS, retryBusy } from '../../dataProviders/http';
import { useErrorText } from './errorText';

/** What a custom page shows for one call (see QueryView). */
export interface PortalQueryState<T> {
  data: T | undefined;
  loading: boolean;
  /** translated error text: the server's msg, else 'An unknown error' */
  error: string | null;
  /** the raw error (for screens that need its code) */
  failure: unknown;
  refetch: () => void;
}

/**
 * The one query hook of the custom pages (traffic screens, analysis tabs, bills, dashboards): one
 * data-provider call keyed by what it asks and the language (so server messages follow a language
 * switch). Only the server's busy answer is retried (retryBusy); any other error shows at once, as
 * the spec's catalogue wants.
 */
export function usePortalQuery<T>(
  key: readonly unknown[],
  fetch: (dataProvider: PortalDataProvider) => Promise<T>,
  { enabled = true, staleTime }: { enabled?: boolean; staleTime?: number } = {},
): PortalQueryState<T> {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const query = useQuery({
    queryKey: ['portal', ...key, locale],
    queryFn: () => fetch(dataProvider),
    enabled,
    retry: retryBusy,
    retryDelay: BUSY_RETRY_DELAY_MS,
    refetchOnWindowFocus: false,
    staleTime,
  });
  return {
    data: query.data,
    loading: enabled && query.isPending,
    error: query.error ? errorText(query.error) : null,
    failure: query.error,
    refetch: () => void query.refetch(),
  };
}
