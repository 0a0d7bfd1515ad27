import type { ReactNode } from 'react';
import { usePortalQuery, type PortalQueryState } from '../../../src/kit/usePortalQuery';
import { QueryView } from '../../../src/kit/QueryView';

/** Loads one piece of the detail view with a data-provider call, keyed by the domain and its version. */
export function useDomainData<T>(key: ReadonlyArray<unknown>, load: () => Promise<T>, enabled = true): PortalQueryState<T> {
  return usePortalQuery(['cdn/domain', ...key], () => load(), { enabled });
}

/** The page kit's view of one piece: loading, the error with a retry, or the content. */
export function QueryState<T>({ query, children }: { query: PortalQueryState<T>; children: (data: T) => ReactNode }) {
  return (
    <QueryView state={query} isEmpty={() => false} height={80} testId="domain-data">
      {children}
    </QueryView>
  );
}
