import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Certificate } from '../../common/wire/certificates';
import { t } from './certificateUi';

/** Up to `max` values as small chips, then '+n'. */
export function ChipList({
  values,
  max = 3,
  empty,
  testId,
  width = 200,
}: {
  values: readonly string[];
  max?: number;
  empty?: string;
  testId?: string;
  /** Maximum width (table cells stay narrow; 'none' on the details page). */
  width?: number | 'none';
}) {
  if (!values.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {empty ?? '—'}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: width }} data-testid={testId} title={values.join(', ')}>
      {values.slice(0, max).map((v) => (
        <Chip key={v} size="small" label={v} variant="outlined" sx={{ maxWidth: 190 }} />
      ))}
      {values.length > max && <Chip size="small" label={`+${values.length - max}`} />}
    </Box>
  );
}

/** Name, with the common name below and a mark on certificates shared with the caller. */
export function NameField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Certificate>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ minWidth: 140, maxWidth: 190 }}>
      <Typography variant="body2" fontWeight={600} data-testid="certificate-name">
        {record.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {record.commonName}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" data-testid="certificate-brand">
        {translate(t('helpers.brandLine'), { brand: record.brand })}
      </Typography>
      {!record.owned && (
        <Chip size="small" color="info" variant="outlined" label={translate(t('helpers.sharedWithYou'))} sx={{ mt: 0.5 }} />
      )}
    </Box>
  );
}

export function DnsNamesField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<Certificate>();
  return record ? <ChipList values={record.dnsNames} /> : null;
}

export function BoundDomainsField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<Certificate>();
  const translate = useTranslate();
  return record ? <ChipList values={record.bindDomains} empty={translate(t('helpers.noDomains'))} testId="certificate-bound" /> : null;
}

export function SharedWithField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<Certificate>();
  const translate = useTranslate();
  if (!record) return null;
  return <ChipList values={record.share ? record.shareAccounts : []} empty={translate(t('helpers.noShare'))} />;
}
