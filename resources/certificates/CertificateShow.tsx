import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Loading, ShowBase, useCreatePath, useRecordContext, useRedirect, useShowContext, useTranslate } from 'react-admin';
import type { CertificateDetails, CertificateProvider } from '../../common/wire/certificates';
import { ColumnsTable } from '../../src/kit/ColumnsTable';
import { CertificateActions } from './CertificateActions';
import { ChipList } from './CertificateFields';
import { DeletionStatusField, useDeletionWatch } from './DeletionStatus';
import { ExpiryValue } from './ExpiryField';
import { PageHeading } from '../../src/kit/PageHeading';
import { CERTIFICATE_RESOURCE, fieldLabel, t } from './certificateUi';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { QueryView } from '../../src/kit/QueryView';
import { formatDateTime } from '../../src/lib/dateTime';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1.5 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Box sx={{ typography: 'body2', wordBreak: 'break-all' }}>{children || '—'}</Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" fontWeight={600} sx={{ mb: 1.5 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Issuer and chain from GET providerDetails/{id}. */
function IssuerSection({ id }: { id: number }) {
  const details = usePortalQuery(['certificateProviderDetails', id], (dp) => dp.certificateProviderDetails(id));
  const provider = details.data;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title={t('sections.issuer')}>
          <QueryView state={details} isEmpty={() => false} height={160} testId="certificate-issuer">
            {(p) => (
              <Box data-testid="certificate-issuer">
                <Item label={fieldLabel('brand')}>{p.brand}</Item>
                <Item label={fieldLabel('issuerCommonName')}>{p.commonName}</Item>
                <Item label={fieldLabel('issuerOrganization')}>{p.organization}</Item>
                <Item label={fieldLabel('issuerDepartment')}>{p.department}</Item>
                <Item label={fieldLabel('issuerCountry')}>{p.country}</Item>
              </Box>
            )}
          </QueryView>
        </Section>
      </Grid>
      <Grid size={12}>
        <Section title={t('sections.chain')}>
          <ColumnsTable<CertificateProvider['chain'][number]>
            testId="certificate-chain"
            rows={provider?.chain ?? []}
            rowKey={(c, i) => `${c.serial}-${i}`}
            columns={[
              { label: '#', render: (_c, i) => i + 1 }, // no message: the sign is the same in both languages
              { label: fieldLabel('subject'), render: (c) => c.subject },
              { label: fieldLabel('issuer'), render: (c) => c.issuer },
              {
                label: fieldLabel('validity'),
                sx: { whiteSpace: 'nowrap' },
                render: (c) => `${formatDateTime(c.awardedTime).slice(0, 10)} → ${formatDateTime(c.expireTime).slice(0, 10)}`,
              },
            ]}
          />
        </Section>
      </Grid>
    </>
  );
}

function Details() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const redirect = useRedirect();
  const { refetch } = useShowContext<CertificateDetails>();
  const record = useRecordContext<CertificateDetails>();
  // Deleted: back to the list; failed: show the failure here.
  useDeletionWatch(record ? [record] : [], (outcome) => (outcome === 'deleted' ? redirect('list', CERTIFICATE_RESOURCE) : void refetch()));
  if (!record) return <Loading />;
  return (
    <Box data-testid="certificate-show">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <PageHeading>{`${translate(t('titles.show'))} · ${record.name}`}</PageHeading>
        <DeletionStatusField />
        <Box sx={{ flex: 1 }} />
        <CertificateActions record={record} onChanged={() => void refetch()} showDetails={false} />
        <Button
          size="small"
          component={Link}
          to={createPath({ resource: CERTIFICATE_RESOURCE, type: 'list' })}
          startIcon={<ArrowBackIcon />}
        >
          {translate(t('actions.back'))}
        </Button>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('sections.basic')}>
            <Item label={fieldLabel('name')}>{record.name}</Item>
            <Item label={fieldLabel('commonName')}>{record.commonName}</Item>
            <Item label={fieldLabel('dnsNames')} testId="certificate-dns-names">
              <ChipList values={record.dnsNames} max={50} width="none" />
            </Item>
            <Item label={fieldLabel('account')}>{record.account}</Item>
            <Item label={fieldLabel('username')}>{record.username}</Item>
            <Item label={fieldLabel('createTime')}>{formatDateTime(record.createTime)}</Item>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('sections.validity')}>
            <Item label={fieldLabel('awardedTime')}>{formatDateTime(record.awardedTime)}</Item>
            <Item label={fieldLabel('expireTime')}>
              <ExpiryValue expireTime={record.expireTime} />
            </Item>
            <Item label={fieldLabel('serial')} testId="certificate-serial">
              {record.serial}
            </Item>
            <Item label={fieldLabel('signatureAlgorithm')}>{record.signatureAlgorithm}</Item>
            <Item label={fieldLabel('keyAlgorithm')}>{record.keyAlgorithm}</Item>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('sections.domains')}>
            <Item label={fieldLabel('bindDomains')} testId="certificate-bound-domains">
              <ChipList values={record.bindDomains} max={100} width="none" empty={translate(t('helpers.noDomains'))} />
            </Item>
            <Item label={fieldLabel('shareAccounts')}>
              <ChipList
                values={record.share ? record.shareAccounts : []}
                max={100}
                width="none"
                empty={translate(t(record.owned ? 'helpers.noShare' : 'helpers.sharedWithYou'))}
              />
            </Item>
          </Section>
        </Grid>
        <IssuerSection id={record.id} />
      </Grid>
    </Box>
  );
}

/** Details: certificate, validity, issuer, domains, chain (GET details/{id} and providerDetails/{id}). */
export function CertificateShow() {
  return (
    <ShowBase resource={CERTIFICATE_RESOURCE}>
      <Details />
    </ShowBase>
  );
}
