import { combineDataProviders, type DataProvider } from 'react-admin';
import { completeProvider, type ProviderModule } from './types';
import { domainsModule } from './api/domains';
import { certificatesModule } from './api/certificates';
import { trafficProvider } from './api/traffic';
import { domainGroupsProvider } from './cloud/domainGroups';
import { passwordProvider } from './shiro/password';
import { usersProvider } from './shiro/users';
import { logsProvider } from './api/logs';
import { linesProvider } from './api/lines';
import { purgeModule } from './api/purge';
import { hostsModule } from './api/hosts';
import { auditModule } from './api/audit';
import { ippModule } from './impapi/ipp';
import { websitesModule } from './impapi/websites';
import { monitModule } from './monit/monit';

/**
 * One provider module per resource group, each in the folder of its backend
 * (dataProviders/<backend>/<area>.ts). Add a module here: one line in the list, one in the type.
 */
const modules = {
  domains: domainsModule,
  certificates: certificatesModule,
  traffic: trafficProvider,
  domainGroups: domainGroupsProvider,
  password: passwordProvider,
  users: usersProvider,
  logs: logsProvider,
  lines: linesProvider,
  purge: purgeModule,
  hosts: hostsModule,
  audit: auditModule,
  ipp: ippModule,
  websites: websitesModule,
  monit: monitModule,
} satisfies Record<string, ProviderModule>;

type Methods<T> = T extends { methods: infer M } ? M : object;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type PortalDataProvider = DataProvider & UnionToIntersection<Methods<(typeof modules)[keyof typeof modules]>>;

function build(): PortalDataProvider {
  const byResource = new Map<string, DataProvider>();
  let methods: Record<string, unknown> = {};
  for (const mod of Object.values(modules) as ProviderModule[]) {
    for (const [name, partial] of Object.entries(mod.resources ?? {})) byResource.set(name, completeProvider(name, partial));
    methods = { ...methods, ...(mod.methods ?? {}) };
  }
  const combined = combineDataProviders((resource) => {
    const p = byResource.get(resource);
    if (!p) throw new Error(`No data provider for resource ${resource}`);
    return p;
  });
  return { ...combined, ...methods } as PortalDataProvider;
}

export const dataProvider = build();
