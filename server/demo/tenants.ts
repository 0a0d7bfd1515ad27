import crypto from 'node:crypto';
import type { DemoSeeder } from './index';
import { hashPassword } from '../lib/password';
import { insertAccount } from '../stores/config/usersAccounts';
import { insertUser } from '../stores/config/users';
import { CDN_MODULES, LOG_TABS, permissionString } from '../../common/rules/shell/permissions';

/** Customer modules a main account may operate (spec §6), plus every log tab. */
export const CUSTOMER_MODULES = [
  ...CDN_MODULES,
  'certificate',
  'user',
  'account',
  'person',
  'bill',
  'logApi',
  'prefetchApi',
  'apiOpen',
  'imperva',
  'ipP',
  'cloudMonit',
  'audit',
  'website',
  'dashboards', // website protection (issue #18)
];
export const CUSTOMER_PERMISSIONS = [
  ...CUSTOMER_MODULES.map((m) => permissionString(m, 'operation')),
  ...LOG_TABS.map((t) => `portal:log:${t}:*`),
];

/** The demo sign-ins of the README. */
export const DEMO_USERS = [
  { username: 'admin', password: 'Admin@2026', account: 'provider', role: 'superadmin', isMain: true, permissions: ['portal:*'] },
  { username: 'acme', password: 'Acme@2026', account: 'acme', role: 'customer', isMain: true, permissions: CUSTOMER_PERMISSIONS },
  {
    username: 'acme_viewer',
    password: 'Viewer@2026',
    account: 'acme',
    role: 'user',
    isMain: false,
    permissions: ['overview', 'domain', 'certificate', 'log', 'purge', 'prefetch']
      .map((m) => permissionString(m, 'view'))
      .concat(['portal:log:top:*', 'portal:log:hit:*', permissionString('person', 'operation')]),
  },
  { username: 'globex', password: 'Globex@2026', account: 'globex', role: 'customer', isMain: true, permissions: CUSTOMER_PERMISSIONS },
  { username: 'nobody', password: 'Nobody@2026', account: 'acme', role: 'user', isMain: false, permissions: [] },
  {
    username: 'frozen',
    password: 'Frozen@2026',
    account: 'acme',
    role: 'user',
    isMain: false,
    permissions: CUSTOMER_PERMISSIONS.slice(0, 3),
    enabled: false,
  },
] as const;

export const seedTenants: DemoSeeder = {
  name: 'tenants',
  async run(app) {
    await app.db.transaction(async (db) => {
      await insertAccount(db, { identity: 'provider', companyName: 'CDN Provider Operations', email: 'ops@cdn.example', parent: null });
      await insertAccount(db, { identity: 'acme', companyName: 'Acme Media', email: 'it@acme.example', parent: null });
      await insertAccount(db, { identity: 'acme_video', companyName: 'Acme Video', email: 'video@acme.example', parent: 'acme' });
      await insertAccount(db, { identity: 'acme_static', companyName: 'Acme Static Assets', email: 'static@acme.example', parent: 'acme' });
      await insertAccount(db, { identity: 'globex', companyName: 'Globex Corporation', email: 'it@globex.example', parent: null });
      for (const u of DEMO_USERS) {
        await insertUser(db, {
          uid: crypto.randomUUID(),
          username: u.username,
          email: `${u.username}@${u.account}.example`,
          account: u.account,
          role: u.role,
          permissions: u.permissions,
          enabled: 'enabled' in u ? u.enabled : true,
          passwordHash: await hashPassword(u.password),
          isMain: u.isMain,
          creator: u.isMain ? null : u.account,
        });
      }
    });
  },
};
