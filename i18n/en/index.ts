import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from '../merge';
import shell from './shell';
import domains from './domains';
import certificates from './certificates';
import users from './users';
import traffic from './traffic';
import purge from './purge';
import hosts from './hosts';
import websites from './websites';
import ipProtection from './ipProtection';
import monitoring from './monitoring';
import audit from './audit';

/** English messages: react-admin's own plus one module per area (one line each). */
export const en = mergeMessages<TranslationMessages>(
  englishMessages,
  ...[shell, domains, certificates, users, traffic, purge, hosts, websites, ipProtection, monitoring, audit],
);
