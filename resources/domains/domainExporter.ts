import type { TranslateFunction as Translate } from 'react-admin';
import type { Domain } from '../../common/wire/domains';
import { fieldLabel, valueLabel } from './domainUi';
import { formatDateTime } from '../../src/lib/dateTime';
import { listCsv, listExporter, type ExportColumns } from '../../src/kit/ListParts';

const COLUMNS: ExportColumns<Domain> = [
  ['name', (d) => d.name],
  ['cname', (d) => d.cname],
  ['type', (d, t) => t(valueLabel('type', d.type))],
  ['scope', (d, t) => t(valueLabel('scope', d.scope))],
  ['protocol', (d, t) => t(valueLabel('protocol', d.protocol))],
  ['certificateName', (d) => d.certificateName],
  ['status', (d, t) => t(valueLabel('status', d.status))],
  ['operationState', (d, t) => t(valueLabel('operationState', d.operationState))],
  ['deliveryType', (d, t) => t(valueLabel('deliveryType', d.deliveryType))],
  ['account', (d) => d.account],
  ['belongDomainGroup', (d) => d.belongDomainGroup],
  ['origins', (d) => d.origins.map((o) => `${o.address}:${o.port}`).join(' ')],
  ['labels', (d) => d.labels.join(' ')],
  ['context', (d) => d.context],
  ['createTime', (d) => formatDateTime(d.createTime)],
  ['updateTime', (d) => formatDateTime(d.updateTime)],
];

export const domainsCsv = (domains: Domain[], translate: Translate): string => listCsv(domains, COLUMNS, fieldLabel, translate);

/** ExportButton exporter with headers and values in the current language. */
export const domainExporter = (translate: Translate) => listExporter(COLUMNS, fieldLabel, translate, 'domains');
