import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from '../merge';
import ra from './ra';
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

/** 中文消息：react-admin 自身的消息加每个区域一个模块（每个一行）。 */
export const zh = mergeMessages<TranslationMessages>(
  ra,
  ...[shell, domains, certificates, users, traffic, purge, hosts, websites, ipProtection, monitoring, audit],
);
