import { Alert, Box, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainSchedulingPolicy } from '../../../common/wire/domains';
import { blockMessage, configBlock, fieldLabel } from '../domainUi';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { QueryState, useDomainData } from './QueryState';

function PolicyTable({ p }: { p: DomainSchedulingPolicy }) {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const name = (r: DomainSchedulingPolicy['regions'][number]) => (locale === 'en' ? r.name.en : r.name.zh);
  const fallback = p.regions.find((r) => r.region === p.defaultRegion);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(fieldLabel('cname'))}: <b>{p.cname}</b>
      </Typography>
      <ColumnsTable<DomainSchedulingPolicy['regions'][number]>
        testId="scheduling-table"
        sx={{ maxWidth: 1100 }}
        rows={p.regions}
        rowKey={(r) => r.region}
        columns={[
          { label: 'resources.cdn/domain.show.region', render: name },
          { label: 'resources.cdn/domain.show.lines', render: (r) => r.lines.join(', ') },
          { label: 'resources.cdn/domain.show.nodes', align: 'right', render: (r) => r.nodes },
          {
            label: 'resources.cdn/domain.show.sampleIps',
            sx: { fontFamily: 'monospace', fontSize: 12 },
            render: (r) => r.sampleIps.join(', '),
          },
          { label: 'resources.cdn/domain.show.regionWeight', align: 'right', render: (r) => `${r.weight}%` },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('resources.cdn/domain.show.defaultRegion', { region: fallback ? name(fallback) : p.defaultRegion })}
      </Typography>
    </>
  );
}

/** Where the domain is served from; refused while configuring or disabled (spec §4). */
export function SchedulingTab({ domain }: { domain: Domain }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const blocked = configBlock(domain);
  const policy = useDomainData(
    ['scheduling', domain.id, domain.version, domain.scope, domain.protocol],
    () => dataProvider.domainSchedulingPolicy({ domain: domain.name, type: domain.type, scope: domain.scope, protocol: domain.protocol }),
    !blocked,
  );
  if (blocked) {
    return (
      <Alert severity="warning" data-testid="scheduling-blocked">
        {t(blockMessage(blocked))} {t('resources.cdn/domain.show.blockedScheduling')}
      </Alert>
    );
  }
  return (
    <Box>
      <QueryState query={policy}>{(p) => <PolicyTable p={p} />}</QueryState>
    </Box>
  );
}
