import { useEffect } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { ListButton, Show, TabbedShowLayout, TopToolbar, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import type { Domain } from '../../../dataProviders/api/domainTypes';
import { DomainEditLink, DomainStatusToggle } from '../DomainActions';
import { OperationChip, StatusChip } from '../DomainChips';
import { CONFIGURING_POLL_MS } from '../DomainList';
import { useCanOperateDomains } from '../domainUi';
import { CacheTab } from './CacheTab';
import { AccessTab, AdvancedTab } from './ConfigTabs';
import { HistoryTab } from './HistoryTab';
import { OriginTab } from './OriginTab';
import { OverviewTab } from './OverviewTab';
import { SchedulingTab } from './SchedulingTab';

/** While the domain is configuring, reload it until the issuing job is done. */
function ConfiguringPoll() {
  const { record, refetch } = useShowContext<Domain>();
  const busy = record?.operationState === 'configuring';
  useEffect(() => {
    if (!busy) return undefined;
    const timer = setInterval(() => void refetch(), CONFIGURING_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refetch]);
  return null;
}

function Actions() {
  const domain = useRecordContext<Domain>();
  const canOperate = useCanOperateDomains();
  return (
    <TopToolbar>
      <ListButton />
      {domain && canOperate && <DomainEditLink domain={domain} withIcon />}
      {domain && canOperate && <DomainStatusToggle domain={domain} withIcon />}
    </TopToolbar>
  );
}

function Heading() {
  const domain = useRecordContext<Domain>();
  const t = useTranslate();
  if (!domain) return null;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ px: 2, pt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all' }}>
        {t('portal.domains.showTitle', { name: domain.name })}
      </Typography>
      <StatusChip status={domain.status} />
      <OperationChip state={domain.operationState} />
    </Stack>
  );
}

/** Render a tab's content with the loaded record. */
const withDomain = (Tab: (p: { domain: Domain }) => React.ReactElement | null) =>
  function DomainTab() {
    const domain = useRecordContext<Domain>();
    return domain ? <Tab domain={domain} /> : null;
  };

const Overview = withDomain(OverviewTab);
const Origin = withDomain(OriginTab);
const Cache = withDomain(CacheTab);
const Access = withDomain(AccessTab);
const Advanced = withDomain(AdvancedTab);
const Scheduling = withDomain(SchedulingTab);
const History = withDomain(HistoryTab);

/** Domain detail: every setting readable, effective strategy, retrieval, buckets, scheduling, versions. */
export function DomainShow() {
  const t = useTranslate();
  const tab = (key: string) => t(`portal.domains.tabs.${key}`);
  return (
    <Box>
      <Show actions={<Actions />} title={t('portal.domains.listTitle')}>
        <ConfiguringPoll />
        <Heading />
        <TabbedShowLayout>
          <TabbedShowLayout.Tab label={tab('basic')}>
            <Overview />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('origin')} path="origin">
            <Origin />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('cache')} path="cache">
            <Cache />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('access')} path="access">
            <Access />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('advanced')} path="advanced">
            <Advanced />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('scheduling')} path="scheduling">
            <Scheduling />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label={tab('history')} path="history">
            <History />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
      </Show>
    </Box>
  );
}
