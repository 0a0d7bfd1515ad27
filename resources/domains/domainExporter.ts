import { downloadCSV, type Exporter, type TranslateFunction as Translate } from 'react-admin';
import type { Domain } from '../../common/wire/domains';
import { fieldLabel, valueLabel } from './domainUi';
import { formatDateTime } from '../../src/lib/dateTime';
import { safeCsvCell as csvCell } from '../../src/lib/csv';

const COLUMNS: Array<{ field: string; value: (d: Domain, t: Translate) => string }> = [
  { field: 'name', value: (d) => d.name },
  { field: 'cname', value: (d) => d.cname },
  { field: 'type', value: (d, t) => t(valueLabel('type', d.type)) },
  { field: 'scope', value: (d, t) => t(valueLabel('scope', d.scope)) },
  { field: 'protocol', value: (d, t) => t(valueLabel('protocol', d.protocol)) },
  { field: 'certificateName', value: (d) => d.certificateName },
  { field: 'status', value: (d, t) => t(valueLabel('status', d.status)) },
  { field: 'operationState', value: (d, t) => t(valueLabel('operationState', d.operationState)) },
  { field: 'deliveryType', value: (d, t) => t(valueLabel('deliveryType', d.deliveryType)) },
  { field: 'account', value: (d) => d.account },
  { field: 'belongDomainGroup', value: (d) => d.belongDomainGroup },
  { field: 'origins', value: (d) => d.origins.map((o) => `${o.address}:${o.port}`).join(' ') },
  { field: 'labels', value: (d) => d.labels.join(' ') },
  { field: 'context', value: (d) => d.context },
  { field: 'createTime', value: (d) => formatDateTime(d.createTime) },
  { field: 'updateTime', value: (d) => formatDateTime(d.updateTime) },
];

export function domainsCsv(domains: Domain[], translate: Translate): string {
  const head = COLUMNS.map((c) => csvCell(translate(fieldLabel(c.field)))).join(',');
  const rows = domains.map((d) => COLUMNS.map((c) => csvCell(c.value(d, translate) ?? '')).join(','));
  return [head, ...rows].join('\r\n');
}

/** ExportButton exporter with headers and values in the current language. */
export const domainExporter =
  (translate: Translate): Exporter<Domain> =>
  (records) =>
    downloadCSV(domainsCsv(records, translate), 'domains');
