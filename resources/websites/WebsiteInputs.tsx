import { Box, Button, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { CertificateOption } from '../../common/wire/websites';
import { LB_MODES, ORIGIN_ROLES, ORIGIN_TYPES, validateWebsiteDomain } from '../../common/rules/websites/index';
import { validateDomainInput, validateOriginInput, validateOriginsInput, validateRemarkInput, validateWeightInput } from './validators';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { useSettled } from '../../src/kit/useSettled';
import { OwnershipStep } from './OwnershipStep';

/** Certificates whose names cover the domain (GET /impapi/certificate/search), refreshed as the domain changes. */
function CertificateInput() {
  const translate = useTranslate();
  const domain = useSettled(((useWatch({ name: 'domain' }) as string | undefined) ?? '').trim(), 300);
  const valid = !validateWebsiteDomain(domain);
  const found = usePortalQuery(['websiteCertificates', domain], (dp) => dp.websiteCertificates(domain), { enabled: valid });
  // none for a domain that is not valid yet, or when the search fails
  const options: CertificateOption[] = valid && !found.failure ? (found.data ?? []) : [];
  const choices = [
    { id: '', name: translate('resources.dcdn/website.noCertificate') },
    ...options.map((c) => ({ id: c.id, name: `${c.name} (${c.dnsNames.join(', ')}; ${c.expireTime.slice(0, 10)})` })),
  ];
  return (
    <SelectInput
      source="certificateId"
      label="resources.dcdn/website.fields.certificateId"
      choices={choices}
      emptyValue=""
      format={(v: number | null) => v ?? ''}
      parse={(v: string | number) => (v === '' ? null : Number(v))}
      fullWidth
      data-testid="certificate-input"
    />
  );
}

/** The protection address: a fresh random label from the server on create. */
function ProtectionAddressInput({ create }: { create: boolean }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const fetchAddress = () =>
    void dataProvider.websiteRandomAddress().then(
      (a) => setValue('protectionAddress', a, { shouldDirty: true }),
      () => undefined,
    );
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextInput
        source="protectionAddress"
        label="resources.dcdn/website.fields.protectionAddress"
        InputProps={{ readOnly: true }}
        sx={{ minWidth: 360 }}
      />
      {create && (
        <Button size="small" onClick={fetchAddress}>
          {translate('resources.dcdn/website.newAddress')}
        </Button>
      )}
    </Stack>
  );
}

export function WebsiteInputs({ create }: { create: boolean }) {
  const translate = useTranslate();
  const originType = useWatch({ name: 'originType' }) as string | undefined;
  const hsts = useWatch({ name: 'hsts.enabled' }) as boolean | undefined;
  const multiple = originType === 'multiple';
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <TextInput source="domain" label="resources.dcdn/website.fields.domain" validate={validateDomainInput} fullWidth disabled={!create} />
      {create && <OwnershipStep />}
      <ProtectionAddressInput create={create} />
      <Stack direction="row" spacing={2}>
        <SelectInput
          source="originType"
          label="resources.dcdn/website.fields.originType"
          choices={ORIGIN_TYPES.map((t) => ({ id: t, name: `resources.dcdn/website.originType.${t}` }))}
        />
        {multiple && (
          <SelectInput
            source="lbMode"
            label="resources.dcdn/website.fields.lbMode"
            choices={LB_MODES.map((m) => ({ id: m, name: `resources.dcdn/website.lbMode.${m}` }))}
          />
        )}
      </Stack>
      <ArrayInput source="origins" label="resources.dcdn/website.fields.origins" validate={validateOriginsInput}>
        <SimpleFormIterator inline disableReordering disableAdd={!multiple}>
          <TextInput
            source="address"
            label="resources.dcdn/website.fields.address"
            validate={validateOriginInput}
            helperText="resources.dcdn/website.originHelp"
            sx={{ minWidth: 300 }}
          />
          {multiple && (
            <NumberInput source="weight" label="resources.dcdn/website.fields.weight" validate={validateWeightInput} min={0} max={100} />
          )}
          {multiple && (
            <SelectInput
              source="role"
              label="resources.dcdn/website.fields.role"
              choices={ORIGIN_ROLES.map((r) => ({ id: r, name: `resources.dcdn/website.role.${r}` }))}
            />
          )}
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="remark" label="resources.dcdn/website.fields.remark" validate={validateRemarkInput} fullWidth multiline />
      <CertificateInput />
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('resources.dcdn/website.fields.hsts')}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <BooleanInput source="hsts.enabled" label="resources.dcdn/website.fields.hstsEnabled" />
        {hsts && <NumberInput source="hsts.maxAge" label="resources.dcdn/website.fields.hstsMaxAge" min={0} />}
        {hsts && <BooleanInput source="hsts.includeSubdomains" label="resources.dcdn/website.fields.hstsIncludeSubdomains" />}
      </Stack>
      <BooleanInput source="enabled" label="resources.dcdn/website.fields.enabled" />
    </Box>
  );
}

export const NEW_WEBSITE = {
  domain: '',
  protectionAddress: '',
  originType: 'single',
  lbMode: 'least_pending',
  origins: [{ address: '', weight: 100, role: 'active' }],
  remark: '',
  certificateId: null,
  hsts: { enabled: false, maxAge: 31536000, includeSubdomains: false },
  enabled: true,
};
