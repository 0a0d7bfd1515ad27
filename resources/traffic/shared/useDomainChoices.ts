import { useMemo } from 'react';
import { hasPermission } from '../../../common/rules/shell/permissions';
import { readUserInfo } from '../../../src/auth/storage';
import { domainsFor } from '../analysis/searchModel';
import { useAnalysisOptions } from '../analysis/useAnalysisOptions';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';

/**
 * Domains (of the chosen accounts) and provider names a screen's filters offer. The analysis options
 * call needs the log right; without it the service-info list is used (serviceinfo right); without
 * either the screen offers no domain filter.
 */
export function useDomainChoices(accounts: readonly string[]) {
  const perms = readUserInfo()?.permissionList ?? [];
  const viaLog = hasPermission(perms, 'log', 'view');
  const viaService = !viaLog && hasPermission(perms, 'serviceinfo', 'view');
  const { options } = useAnalysisOptions(viaLog);
  const init = usePortalQuery(['serviceInfoInit', ''], (dp) => dp.serviceInfoInit(), { enabled: viaService, staleTime: 5 * 60_000 });
  const domains = useMemo(
    () => (viaLog ? domainsFor(options.domainMap, accounts) : (init.data?.domains ?? [])),
    [viaLog, options.domainMap, accounts, init.data],
  );
  const providerNames = useMemo<Record<string, string>>(
    () => (viaLog ? options.providerMap : Object.fromEntries((init.data?.providers ?? []).map((p) => [p.value, p.name]))),
    [viaLog, options.providerMap, init.data],
  );
  return { domains, providerName: (code: string) => providerNames[code] ?? code, available: viaLog || viaService };
}
