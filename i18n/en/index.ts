import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from '../merge';
import portal from './shell';
import certificates from './certificates';
import subAccounts from './subAccounts';
import userSetting from './userSetting';
import domains from './domains';
import liveDomains from './liveDomains';
import users from './users';
import analysis from './analysis';
import trafficPages from './trafficPages';
import overview from './overview';
import serviceInfo from './serviceInfo';
import customRank from './customRank';
import bill from './bill';
import linesInfo from './linesInfo';
import logSearch from './logSearch';
import purge from './purge';
import hosts from './hosts';
import audit from './audit';
import ipp from './ipProtection';
import websites from './websites';
import monit from './monitoring';

/** English messages: react-admin's own plus one module per area/resource (one line each). */
export const en = mergeMessages<TranslationMessages>(englishMessages, portal, subAccounts, userSetting, domains, liveDomains, users, analysis, certificates, trafficPages, overview, serviceInfo, customRank, bill, linesInfo, logSearch, purge, hosts, audit, ipp, websites, monit);
