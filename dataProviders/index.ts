import { combineDataProviders, type DataProvider } from 'react-admin';
import { completeProvider, type ProviderModule } from './types';
import { domainsModule } from './api/domains';
import { certificatesModule } from './api/certificates';
import { trafficProvider } from './api/traffic';
import { domainGroupsProvider } from './cloud/users';
import { usersProvider } from './shiro/users';
import { purgeModule } from './api/purge';
import { hostsModule } from './api/hosts';
import { auditModule } from './api/audit';
import { ippModule } from './impapi/ipProtection';
import { websitesModule } from './impapi/websites';
import { monitModule } from './monit/monitoring';

/**
 * One provider module per resource group, each in the folder of its backend
 * (dataProviders/<backend>/<area>.ts). Add a module here: one line in the list, one in the type.
 */
const modules = {
  domains: domainsModule,
  certificates: certificatesModule,
  traffic: trafficProvider,
  domainGroups: domainGroupsProvider,
  users: usersProvider,
  purge: purgeModule,
  hosts: hostsModule,
  audit: auditModule,
  ipp: ippModule,
  websites: websitesModule,
  monit: monitModule,
} satisfies Record<string, ProviderModule>;

type Methods<T> = T extends { methods?: infer M } ? NonNullable<M> : object;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
export type PortalDataProvider = DataProvider & UnionToIntersection<Methods<(typeof modules)[keyof typeof modules]>>;

/**
 * Merges the modules. Custom methods share one namespace with each other and with react-admin's own
 * methods, and resources one map: a name defined twice would silently replace the other, so it is
 * refused at start instead.
 */
export function buildProvider(mods: Record<string, ProviderModule>): DataProvider & Record<string, unknown> {
  const byResource = new Map<string, DataProvider>();
  const methods: Record<string, unknown> = {};
  const raMethods = [
    'getList',
    'getOne',
    'getMany',
    'getManyReference',
    'create',
    'update',
    'updateMany',
    'delete',
    'deleteMany',
    'supportAbortSignal',
  ];
  const owner = new Map<string, string>(raMethods.map((m) => [m, 'react-admin']));
  const resourceOwner = new Map<string, string>();
  for (const [modName, mod] of Object.entries(mods)) {
    for (const [name, partial] of Object.entries(mod.resources ?? {})) {
      const other = resourceOwner.get(name);
      if (other) throw new Error(`Data provider resource '${name}' is defined by both '${other}' and '${modName}'`);
      resourceOwner.set(name, modName);
      byResource.set(name, completeProvider(name, partial));
    }
    for (const [name, fn] of Object.entries(mod.methods ?? {})) {
      const other = owner.get(name);
      if (other) throw new Error(`Data provider method '${name}' is defined by both '${other}' and '${modName}'`);
      owner.set(name, modName);
      methods[name] = fn;
    }
  }
  const combined = combineDataProviders((resource) => {
    const p = byResource.get(resource);
    if (!p) throw new Error(`No data provider for resource ${resource}`);
    return p;
  });
  return { ...combined, ...methods };
}

export const dataProvider = buildProvider(modules) as PortalDataProvider;
