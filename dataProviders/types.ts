import type { DataProvider } from 'react-admin';

/** A backend module's contribution: react-admin resources it serves, and custom verbs. */
export interface ProviderModule<M extends object = object> {
  /** resource name (as in <Resource name>) → the standard methods it supports */
  resources?: Record<string, Partial<DataProvider>>;
  /** custom verbs, merged into the data provider (call them with useDataProvider()) */
  methods?: M;
}

/** Fills the standard methods a resource does not support with a clear rejection. */
export function completeProvider(resource: string, partial: Partial<DataProvider>): DataProvider {
  const unsupported = (method: string) => () => Promise.reject(new Error(`${resource}: ${method} is not supported`));
  const names = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = partial[n] ?? unsupported(n);
  return { ...out, ...partial } as DataProvider;
}
