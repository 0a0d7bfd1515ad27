import shell from './server/shell';
import analysis from './server/analysis';
import domains from './server/domains';
import accounts from './server/accounts';
import users from './server/users';
import certificates from './server/certificates';
import traffic from './server/traffic';
import purge from './server/purge';
import security from './server/security';
import hosts from './server/hosts';
import ipp from './server/ipProtection';
import resilience from './server/resilience';
import websites from './server/websites';
import monit from './server/monitoring';

/**
 * Messages the server sends in `msg`, in both languages, one module per area in i18n/server/
 * (register each with one import line and one spread line). The client sends its language in the
 * X-Portal-Lang header; sign-in failures are always Chinese (the client translates those, spec §8).
 */
export const serverMessages = {
  ...shell,
  ...analysis,
  ...domains,
  ...accounts,
  ...users,
  ...certificates,
  ...traffic,
  ...purge,
  ...security,
  ...hosts,
  ...ipp,
  ...resilience,
  ...websites,
  ...monit,
} as const;

export type ServerMessageKey = keyof typeof serverMessages;
