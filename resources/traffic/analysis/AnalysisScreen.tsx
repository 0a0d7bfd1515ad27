import { useState, type ComponentType } from 'react';
import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnalysisVariant } from '../../../common/wire/traffic/index';
import { allowedLogTabs, hasPermission, type LogTab } from '../../../common/rules/shell/permissions';
import { KEYS, readUserInfo } from '../../../src/auth/storage';
import { SearchBar } from './SearchBar';
import { SummaryPanel } from './SummaryPanel';
import { RequestStats } from './RequestStats';
import type { AppliedSearch } from './searchModel';
import type { TabProps } from './useAnalysisQuery';
import { UrlTopTab } from './tabs/UrlTopTab';
import { HitRateTab } from './tabs/HitRateTab';
import { RankedListTab } from './tabs/RankedListTab';
import { SourceTab } from './tabs/SourceTab';
import { StatusCodeTab } from './tabs/StatusCodeTab';
import { IndependentIpTab } from './tabs/IndependentIpTab';
import { DistributionTab } from './tabs/DistributionTab';

const ClientTab = (props: TabProps) => <RankedListTab kind="client" {...props} />;

const TAB_VIEWS: Record<LogTab, ComponentType<TabProps>> = {
  top: UrlTopTab,
  hit: HitRateTab,
  client: ClientTab,
  source: SourceTab,
  status: StatusCodeTab,
  ip: IndependentIpTab,
  distribution: DistributionTab,
};

/** Real-time screen: a range that runs to now is searched again every 5 minutes. */
const LIVE_REFRESH_MS = 5 * 60_000;

function initialTab(tabs: LogTab[]): LogTab | undefined {
  const stored = sessionStorage.getItem(KEYS.tab);
  return tabs.find((t) => t === stored) ?? tabs[0];
}

/**
 * Traffic analysis (offline: /cdn/analysisOff, online: /cdn/analysisOn): the search bar, the totals,
 * and one tab per log-analysis right the user holds. The chosen tab is kept in session storage.
 */
export function AnalysisScreen({ variant }: { variant: AnalysisVariant }) {
  const translate = useTranslate();
  const perms = readUserInfo()?.permissionList ?? [];
  const tabs = allowedLogTabs(perms);
  const canLog = hasPermission(perms, 'log', 'view');
  const [tab, setTab] = useState<LogTab | undefined>(() => initialTab(tabs));
  const [applied, setApplied] = useState<AppliedSearch | null>(null);
  const choose = (next: LogTab) => {
    sessionStorage.setItem(KEYS.tab, next);
    setTab(next);
  };
  const View = tab ? TAB_VIEWS[tab] : null;
  return (
    <Box data-testid={`analysis-${variant}`}>
      <Typography variant="h5" component="h1">
        {translate(`pages.cdn/analysisOff.title.${variant}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`pages.cdn/analysisOff.subtitle.${variant}`)}
      </Typography>
      <SearchBar
        variant={variant}
        onSearch={setApplied}
        optionsEnabled={canLog}
        autoRefreshMs={variant === 'onLine' ? LIVE_REFRESH_MS : undefined}
      />
      {canLog && applied && <SummaryPanel applied={applied} variant={variant} />}
      {tabs.length === 0 ? (
        <Alert severity="info">{translate('pages.cdn/analysisOff.noTabs')}</Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_e, v: LogTab) => choose(v)}
            variant="scrollable"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((t) => (
              <Tab key={t} value={t} label={translate(`pages.cdn/analysisOff.tabs.${t}`)} data-testid={`tab-button-${t}`} />
            ))}
          </Tabs>
          {tab && View && applied && (
            <>
              <RequestStats tab={tab} applied={applied} variant={variant} />
              <View applied={applied} variant={variant} />
            </>
          )}
        </>
      )}
    </Box>
  );
}
