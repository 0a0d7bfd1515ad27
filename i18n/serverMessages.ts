import shell from './server/shell';
import domains from './server/domains';
import users from './server/users';
import certificates from './server/certificates';
import traffic from './server/traffic';
import purge from './server/purge';
import hosts from './server/hosts';
import ipProtection from './server/ipProtection';
import websites from './server/websites';
import monitoring from './server/monitoring';
import edge from './server/edge';

/**
 * Messages the server sends in `msg`, in both languages, one module per area in i18n/server/
 * (register each with one import line and one spread line). The client sends its language in the
 * X-Portal-Lang header; sign-in failures are always Chinese (the client translates those, spec §8).
 */
export const serverMessages = {
  ...shell,
  ...domains,
  ...users,
  ...certificates,
  ...traffic,
  ...purge,
  ...hosts,
  ...ipProtection,
  ...websites,
  ...monitoring,
  ...edge,
} as const;

export type ServerMessageKey = keyof typeof serverMessages;
