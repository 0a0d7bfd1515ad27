import type { PortalArea } from '../../src/registry.types';
import { analysisOffPage, analysisOnPage } from './analysis/analysisPages';
import { overviewPage } from './overview';
import { serviceInfoPage } from './serviceInfo';
import { customRankPage } from './ranking';
import { billPage } from './bill';
import { linesInfoPage } from './lines';
import { logPage } from './logs';

/** The traffic area: overview, service info, lines, analysis, logs, ranking and bills (custom pages only). */
export default {
  resources: [],
  pages: [analysisOffPage, analysisOnPage, overviewPage, serviceInfoPage, customRankPage, billPage, linesInfoPage, logPage],
} satisfies PortalArea;
