import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Domain } from '../../../common/wire/domains';
import { fieldLabel, valueLabel } from '../domainUi';
import { formatDateTime } from '../../../src/lib/dateTime';
import { describeSetting } from './describe';
import { Lines, SettingsGrid } from './SettingsGrid';

/** General facts of the domain and its HTTPS settings. */
export function OverviewTab({ domain }: { domain: Domain }) {
  const t = useTranslate();
  const dash = t('resources.cdn/domain.values.none');
  return (
    <>
      <SettingsGrid
        title="resources.cdn/domain.show.general"
        rows={[
          { label: fieldLabel('name'), value: domain.name },
          { label: fieldLabel('cname'), value: domain.cname || dash },
          { label: fieldLabel('type'), value: t(valueLabel('type', domain.type)) },
          { label: fieldLabel('scope'), value: t(valueLabel('scope', domain.scope)) },
          { label: fieldLabel('deliveryType'), value: t(valueLabel('deliveryType', domain.deliveryType)) },
          { label: fieldLabel('account'), value: domain.account },
          { label: fieldLabel('belongDomainGroup'), value: domain.belongDomainGroup || dash },
          { label: fieldLabel('icp'), value: domain.icp || dash },
          {
            label: fieldLabel('labels'),
            value: domain.labels.length ? (
              <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap' }}>
                {domain.labels.map((l) => (
                  <Chip key={l} size="small" label={l} />
                ))}
              </Stack>
            ) : (
              dash
            ),
          },
          { label: fieldLabel('context'), value: domain.context || dash },
          { label: fieldLabel('createdBy'), value: domain.createdBy || dash },
          { label: fieldLabel('createTime'), value: formatDateTime(domain.createTime) },
          { label: fieldLabel('updateTime'), value: formatDateTime(domain.updateTime) },
          { label: fieldLabel('version'), value: domain.version ? `v${domain.version}` : dash },
        ]}
      />
      <SettingsGrid
        title="resources.cdn/domain.show.httpsSettings"
        rows={[
          { label: fieldLabel('protocol'), value: t(valueLabel('protocol', domain.protocol)) },
          {
            label: fieldLabel('certificateId'),
            value: domain.protocol === 'https' ? domain.certificateName || domain.certificateId || dash : dash,
          },
          { label: fieldLabel('forceHTTPS'), value: <Lines lines={describeSetting(t, 'forceHTTPS', domain)} /> },
        ]}
      />
    </>
  );
}
