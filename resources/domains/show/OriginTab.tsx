import { Box, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainBucket, DomainCloudStorage, DomainRetrieval } from '../../../common/wire/domains';
import { fieldLabel, valueLabel } from '../domainUi';
import { describeSetting } from './describe';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { QueryState, useDomainData } from './QueryState';
import { Lines, SettingsGrid } from './SettingsGrid';

function Title({ text }: { text: string }) {
  const t = useTranslate();
  return (
    <Typography
      variant="subtitle1"
      sx={{ fontWeight: 600, mt: 2, mb: 1, borderBottom: 1, borderColor: 'divider', pb: 0.5, maxWidth: 1100 }}
    >
      {t(text)}
    </Typography>
  );
}

function RetrievalTable({ r }: { r: DomainRetrieval }) {
  const t = useTranslate();
  return (
    <>
      <SettingsGrid
        rows={[
          { label: 'resources.cdn/domain.show.retrievalHost', value: r.host, testId: 'retrieval-host' },
          { label: fieldLabel('backProtocol'), value: t(valueLabel('backProtocol', r.backProtocol)) },
          { label: fieldLabel('backDir'), value: r.backDir },
          { label: fieldLabel('rangeOrigin'), value: t(`resources.cdn/domain.values.${r.rangeOrigin ? 'on' : 'off'}`) },
          {
            label: fieldLabel('originRedirect'),
            value: r.originRedirect.enabled
              ? `${t('resources.cdn/domain.values.on')} · ${t(fieldLabel('maxHops'))} ${r.originRedirect.maxHops}`
              : t('resources.cdn/domain.values.off'),
          },
        ]}
      />
      <ColumnsTable<DomainRetrieval['origins'][number]>
        sx={{ maxWidth: 1100 }}
        rows={r.origins}
        rowKey={(o) => `${o.address}:${o.port}`}
        columns={[
          { label: fieldLabel('role'), render: (o) => t(valueLabel('role', o.role)) },
          { label: fieldLabel('address'), render: (o) => `${o.address}:${o.port}` },
          { label: fieldLabel('weight'), render: (o) => o.weight },
          { label: 'resources.cdn/domain.show.retrievalHost', render: (o) => o.host },
          { label: 'resources.cdn/domain.show.retrievalUrl', sx: { wordBreak: 'break-all' }, render: (o) => o.url },
        ]}
      />
    </>
  );
}

function BucketTable({ c }: { c: DomainCloudStorage }) {
  const t = useTranslate();
  if (!c.buckets.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('resources.cdn/domain.show.noBuckets')}
      </Typography>
    );
  return (
    <ColumnsTable<DomainBucket>
      testId="bucket-table"
      sx={{ maxWidth: 1100 }}
      rows={c.buckets}
      rowKey={(b) => b.endpoint}
      columns={[
        { label: 'resources.cdn/domain.show.bucketName', render: (b) => b.bucket },
        { label: 'resources.cdn/domain.show.endpoint', render: (b) => `${b.endpoint}:${b.port}` },
        { label: 'resources.cdn/domain.show.provider', render: (b) => b.provider },
        { label: 'resources.cdn/domain.show.bucketRegion', render: (b) => b.region },
        {
          label: 'resources.cdn/domain.show.boundDomains',
          render: (b) => (b.boundDomains.length ? b.boundDomains.join(', ') : t('resources.cdn/domain.values.none')),
        },
      ]}
    />
  );
}

/** Configured origins, then what the edge really does (retrieval info) and the bucket details. */
export function OriginTab({ domain }: { domain: Domain }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const retrieval = useDomainData(['retrieval', domain.id, domain.version], () => dataProvider.domainRetrieval(domain.id));
  const storage = useDomainData(['cloudStorage', domain.id, domain.version], () => dataProvider.domainCloudStorage(domain.id));
  const line = (field: string) => <Lines lines={describeSetting(t, field, domain)} />;
  return (
    <Box>
      <SettingsGrid
        title="resources.cdn/domain.show.originSettings"
        rows={[
          { label: fieldLabel('origins'), value: line('origins'), testId: 'origins-value' },
          { label: fieldLabel('backProtocol'), value: line('backProtocol') },
          { label: fieldLabel('backHost'), value: line('backHost') },
          { label: fieldLabel('backDir'), value: domain.backDir },
          { label: fieldLabel('testUrl'), value: domain.testUrl },
          ...(domain.cloudStorage ? [{ label: fieldLabel('cloudStorage'), value: domain.cloudStorage }] : []),
        ]}
      />
      <Title text="resources.cdn/domain.show.retrieval" />
      <QueryState query={retrieval}>{(r) => <RetrievalTable r={r} />}</QueryState>
      <Title text="resources.cdn/domain.show.bucket" />
      <QueryState query={storage}>{(c) => <BucketTable c={c} />}</QueryState>
    </Box>
  );
}
