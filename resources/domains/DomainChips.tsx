import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Domain, DomainStatus, OperationError, OperationState } from '../../common/wire/domains';
import { valueLabel } from './domainUi';
import { formatDateTime } from '../../src/lib/dateTime';
import { Spinner } from '../../src/kit/Progress';

const STATUS_COLOR: Record<DomainStatus, 'success' | 'default' | 'info'> = { on: 'success', off: 'default', freeze: 'info' };

export function StatusChip({ status }: { status: DomainStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status] ?? 'default'}
      icon={status === 'freeze' ? <LockOutlinedIcon /> : undefined}
      label={translate(valueLabel('status', status))}
      data-testid={`status-${status}`}
    />
  );
}

/**
 * Configured: green outline; configuring: amber with a spinner (the list polls while any row shows it);
 * failed (an edge node refused it, issue #33): red, the node and its message in the tooltip.
 */
export function OperationChip({ state, error }: { state: OperationState; error?: OperationError }) {
  const translate = useTranslate();
  const configuring = state === 'configuring';
  if (state === 'failed')
    return (
      <Tooltip describeChild title={error ? translate('resources.cdn/domain.list.operationFailed', { ...error }) : ''}>
        <Chip
          size="small"
          color="error"
          icon={<ErrorOutlineIcon />}
          label={translate(valueLabel('operationState', state))}
          data-testid="operation-failed"
        />
      </Tooltip>
    );
  const label = translate(valueLabel('operationState', state));
  return (
    <Chip
      size="small"
      variant={configuring ? 'filled' : 'outlined'}
      color={configuring ? 'warning' : 'success'}
      icon={configuring ? <Spinner size={12} color="inherit" label={label} sx={{ ml: '6px !important' }} /> : <CheckCircleOutlineIcon />}
      label={label}
      data-testid={`operation-${state}`}
    />
  );
}

/** Field wrappers for Datagrid / Show layouts (label from the source). */
export function StatusField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  return record ? <StatusChip status={record.status} /> : null;
}

export function OperationField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  return record ? <OperationChip state={record.operationState} error={record.operationError} /> : null;
}

/** Domain name with its CNAME underneath (what a customer copies into DNS). */
export function NameField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  if (!record) return null;
  return (
    <Stack spacing={0} sx={{ minWidth: 160, maxWidth: 240 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {record.name}
      </Typography>
      {record.cname && (
        <Tooltip title={record.cname} describeChild>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
            {record.cname}
          </Typography>
        </Tooltip>
      )}
    </Stack>
  );
}

/** HTTPS: a chip with the certificate name, or a dash for plain HTTP. */
export function HttpsField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.protocol !== 'https')
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.cdn/domain.values.none')}
      </Typography>
    );
  return (
    <Tooltip
      describeChild
      title={[record.certificateName, record.forceHTTPS ? translate('resources.cdn/domain.fields.forceHTTPS') : '']
        .filter(Boolean)
        .join(' · ')}
    >
      <Chip size="small" variant="outlined" color="primary" label="HTTPS" data-testid="https-chip" />
    </Tooltip>
  );
}

/** An enumerated value translated (type, scope, deliveryType, ...). */
export function ValueField({ source, group }: { source: keyof Domain & string; group: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  const translate = useTranslate();
  if (!record) return null;
  const v = record[source];
  return (
    <Typography variant="body2" sx={{ maxWidth: 120 }}>
      {v === '' || v === null || v === undefined ? '' : translate(valueLabel(group, String(v)))}
    </Typography>
  );
}

/** Date over time, so the column stays narrow. */
export function DateTimeField({ source }: { source: 'createTime' | 'updateTime'; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Domain>();
  if (!record) return null;
  const [date, time] = formatDateTime(record[source], false).split(' ');
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {date}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {time}
      </Typography>
    </Typography>
  );
}
