import { Alert, Typography } from '@mui/material';
import { BooleanInput, SelectInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { PortalDataProvider } from '../../../dataProviders';
import type { CertificateMatch } from '../../../common/wire/certificates';
import type { Domain } from '../../../common/wire/domains';
import { DOMAIN_PROTOCOLS, isDomainName } from '../../../common/rules/domains/index';
import { fieldLabel } from '../domainUi';
import { formatDateTime } from '../../../src/lib/dateTime';
import { useSettled } from '../../../src/kit/useSettled';
import { GroupRadios, Section } from './FormParts';
import { domainRule } from './validators';

/**
 * Certificates that cover the domain name (POST /api/certificate/match/domain); the current one
 * stays selectable even when it no longer matches (e.g. renewed under another name).
 */
function CertificateSelect() {
  const t = useTranslate();
  const record = useRecordContext<Domain>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { setValue } = useFormContext();
  const name = useSettled(
    String(useWatch({ name: 'name' }) ?? '')
      .trim()
      .toLowerCase(),
  );
  const usable = isDomainName(name, true);
  const matches = useQuery({
    queryKey: ['cdn/domain', 'certificates', name, record?.account ?? ''],
    queryFn: () => dataProvider.certificateMatchDomain(name, record?.account),
    enabled: usable,
  });
  const list: CertificateMatch[] = matches.data ?? [];
  const choices = list.map((c) => ({
    id: String(c.id),
    name: `${c.name} · ${c.commonName} · ${formatDateTime(c.expireTime).slice(0, 10)}`,
  }));
  if (record?.certificateId && !choices.some((c) => c.id === String(record.certificateId))) {
    choices.unshift({ id: String(record.certificateId), name: record.certificateName || String(record.certificateId) });
  }
  if (!usable)
    return (
      <Alert severity="info" sx={{ mb: 1 }}>
        {t('resources.cdn/domain.help.enterNameFirst')}
      </Alert>
    );
  return (
    <>
      <SelectInput
        fullWidth={false}
        source="certificateId"
        label={fieldLabel('certificateId')}
        choices={choices}
        translateChoice={false}
        isPending={matches.isPending}
        validate={domainRule()}
        format={(v: unknown) => (v === null || v === undefined ? '' : String(v))}
        parse={(v: string) => (v === '' ? null : v)}
        onChange={(e) => {
          const chosen = list.find((c) => String(c.id) === String(e.target.value));
          setValue('certificateName', chosen?.name ?? '', { shouldDirty: true });
        }}
        helperText="resources.cdn/domain.help.https"
        sx={{ minWidth: 520 }}
        data-testid="certificate-select"
      />
      {!matches.isPending && !choices.length && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="no-certificates">
          {t('resources.cdn/domain.help.noCertificates', { name })}
        </Alert>
      )}
    </>
  );
}

/** HTTPS on/off, certificate and force HTTPS. */
export function HttpsSection() {
  const t = useTranslate();
  const protocol = useWatch({ name: 'protocol' });
  return (
    <Section title="resources.cdn/domain.tabs.https">
      <GroupRadios source="protocol" group="protocol" values={DOMAIN_PROTOCOLS} />
      {protocol === 'https' && <CertificateSelect />}
      <BooleanInput
        source="forceHTTPS"
        label={fieldLabel('forceHTTPS')}
        validate={domainRule()}
        disabled={protocol !== 'https'}
        helperText="resources.cdn/domain.help.forceHTTPS"
      />
      {protocol !== 'https' && (
        <Typography variant="body2" color="text.secondary">
          {t('resources.cdn/domain.help.https')}
        </Typography>
      )}
    </Section>
  );
}
