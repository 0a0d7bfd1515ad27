import { useEffect } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { ListButton, ShowBase, ShowView, TabbedShowLayout, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import type { Domain } from '../../../common/wire/domains';
import { DomainDeleteButton, DomainEditLink, DomainFreezeToggle, DomainStatusToggle } from '../DomainActions';
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

/** Title with the domain's state, and the actions, above the tabs. */
function Heading() {
  const domain = useRecordContext<Domain>();
  const canOperate = useCanOperateDomains();
  const t = useTranslate();
  if (!domain) return null;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mt: 1, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
        {t('resources.cdn/domain.showTitle', { name: domain.name })}
      </Typography>
      <StatusChip status={domain.status} />
      <OperationChip state={domain.operationState} error={domain.operationError} />
      <Box sx={{ flex: 1 }} />
      <ListButton />
      {canOperate && <DomainEditLink domain={domain} withIcon />}
      {canOperate && <DomainStatusToggle domain={domain} withIcon />}
      {canOperate && <DomainFreezeToggle domain={domain} withIcon />}
      {canOperate && <DomainDeleteButton domain={domain} withIcon backToList />}
      {domain.operationState === 'failed' && domain.operationError && (
        <Typography variant="body2" color="error" sx={{ width: '100%' }} data-testid="operation-error">
          {t('resources.cdn/domain.list.operationFailed', { ...domain.operationError })}
        </Typography>
      )}
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
  const tab = (key: string) => t(`resources.cdn/domain.tabs.${key}`);
  return (
    <ShowBase>
      <ConfiguringPoll />
      <Heading />
      <ShowView actions={false} title={t('resources.cdn/domain.listTitle')}>
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
      </ShowView>
    </ShowBase>
  );
}
