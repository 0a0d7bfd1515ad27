import { useLocaleState, useTranslate } from 'react-admin';
import type { ServiceDomain, ServiceInfo } from '../../../common/wire/traffic/index';
import { day } from '../../../src/lib/time';
import { ColumnsTable, CsvButton, type CsvColumn } from '../../../src/kit/ColumnsTable';
import { Section } from '../../../src/kit/QueryView';
import { columnMakers, providersColumn } from '../shared/columns';

type Row = ServiceDomain & { id: string; service: string };

/** Every domain of the account in the month, with its usage, lines and last traffic (exportable). */
export function ServiceDomains({ info, providerName }: { info: ServiceInfo; providerName: (code: string) => string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const col = (key: string) => translate(`pages.cdn/newserviceinfo.columns.${key}`);
  const { text, figure } = columnMakers<Row>(col);
  const typeName = (t: string) => translate(`pages.cdn/newserviceinfo.types.${t || 'cdn'}`, { _: t || 'cdn' });
  const rows: Row[] = info.domains.map((d) => ({ ...d, id: `${d.account}/${d.domain}`, service: typeName(d.type) }));
  const seen = (s: number | null) =>
    s === null ? translate('pages.cdn/newserviceinfo.never') : day(s * 1000, locale).format('YYYY-MM-DD HH:mm');
  const columns: CsvColumn<Row>[] = [
    text('domain'),
    text('account'),
    text('service'),
    figure('flow', 'bytes'),
    figure('request', 'count'),
    figure('peakBandwidth', 'bandwidth'),
    providersColumn(col('providers'), providerName),
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
