import type { ReactNode } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';

/** Loads one piece of the detail view with a data-provider call, keyed by the domain and its version. */
export function useDomainData<T>(key: ReadonlyArray<unknown>, load: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: ['cdn/domain', ...key], queryFn: load, enabled, retry: false });
}

/** Spinner while loading, the error text on failure, else the content. */
export function QueryState<T>({ query, children }: { query: { isPending: boolean; error: unknown; data: T | undefined }; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (query.error) {
    const e = query.error as Error & { messageArgs?: Record<string, string> };
    return <Alert severity="error">{translate(e.message, { _: e.message, ...(e.messageArgs ?? {}) })}</Alert>;
  }
  if (query.isPending || query.data === undefined) return <LinearProgress sx={{ my: 2 }} />;
  return <>{children(query.data)}</>;
}
