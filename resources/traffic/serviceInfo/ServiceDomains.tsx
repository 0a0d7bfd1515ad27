import { useLocaleState, useTranslate } from 'react-admin';
import type { ServiceDomain, ServiceInfo } from '../../../common/wire/traffic/index';
import { day } from '../../../src/lib/time';
import { formatBandwidth, formatBytes, formatCount } from '../../../src/lib/units';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { Section } from '../../../src/kit/QueryView';
import { Nowrap } from '../shared/Nowrap';

type Row = ServiceDomain & { id: string; service: string };

/** Every domain of the account in the month, with its usage, lines and last traffic (exportable). */
export function ServiceDomains({ info, providerName }: { info: ServiceInfo; providerName: (code: string) => string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const col = (key: string) => translate(`pages.cdn/newserviceinfo.columns.${key}`);
  const typeName = (t: string) => translate(`pages.cdn/newserviceinfo.types.${t || 'cdn'}`, { _: t || 'cdn' });
  const rows: Row[] = info.domains.map((d) => ({ ...d, id: `${d.account}/${d.domain}`, service: typeName(d.type) }));
  const seen = (s: number | null) =>
    s === null ? translate('pages.cdn/newserviceinfo.never') : day(s * 1000, locale).format('YYYY-MM-DD HH:mm');
  const columns: CsvColumn<Row>[] = [
    { source: 'domain', label: col('domain'), render: (r) => r.domain, csv: (r) => r.domain },
    { source: 'account', label: col('account'), render: (r) => r.account, csv: (r) => r.account },
    { source: 'service', label: col('service'), render: (r) => r.service, csv: (r) => r.service },
    {
      source: 'flow',
      label: col('flow'),
      csvHeader: `${col('flow')} (B)`,
      render: (r) => <Nowrap>{formatBytes(r.flow)}</Nowrap>,
      csv: (r) => r.flow,
      align: 'right',
    },
    {
      source: 'request',
      label: col('request'),
      render: (r) => <Nowrap>{formatCount(r.request)}</Nowrap>,
      csv: (r) => r.request,
      align: 'right',
    },
    {
      source: 'peakBandwidth',
      label: col('peakBandwidth'),
      csvHeader: `${col('peakBandwidth')} (bps)`,
      render: (r) => <Nowrap>{formatBandwidth(r.peakBandwidth)}</Nowrap>,
      csv: (r) => r.peakBandwidth,
      align: 'right',
    },
    {
      source: 'providers',
      label: col('providers'),
      sortable: false,
      render: (r) => r.providers.map(providerName).join(', ') || '—',
      csv: (r) => r.providers.map(providerName).join(' '),
    },
    {
      source: 'lastSeen',
      label: col('lastSeen'),
      render: (r) => seen(r.lastSeen),
      csv: (r) => (r.lastSeen === null ? '' : seen(r.lastSeen)),
    },
  ];
  return (
    <Section
      title={translate('pages.cdn/newserviceinfo.domainsTitle', { count: rows.length })}
      testId="service-domains"
      actions={<CsvButton rows={rows} columns={columns} name={`service-domains-${info.account}-${info.month}`} />}
    >
      <ColumnsTable rows={rows} columns={columns} sorting={{ field: 'flow', perPage: 25 }} testId="table-service-domains" />
    </Section>
  );
}
