import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Domain, DomainConfig, DomainVersion } from '../../../common/wire/domains';
import { diffDomainConfig } from '../../../common/rules/domains/diff';
import { describeSetting, settingLabel } from './describe';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { Lines } from './SettingsGrid';

/** The current configuration of a domain, limited to the settings a version stores. */
export function currentConfig(domain: Domain, like: DomainConfig): DomainConfig {
  const record = new Map(Object.entries(domain));
  return Object.fromEntries(Object.keys(like).map((k) => [k, record.get(k)])) as DomainConfig;
}

/** Settings that differ; the certificate id is shown through its name. */
export function changedFields(version: DomainConfig, current: DomainConfig): string[] {
  const fields = diffDomainConfig(version, current).map((c) => c.field);
  return fields.includes('certificateName') ? fields.filter((f) => f !== 'certificateId') : fields;
}

/** Side by side: each changed setting in the version and in the current configuration. */
export function VersionDiff({ version, domain }: { version: DomainVersion; domain: Domain }) {
  const t = useTranslate();
  const current = currentConfig(domain, version.config);
  const fields = changedFields(version.config, current);
  if (!fields.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="diff-none">
        {t('resources.cdn/domain.history.noDifference')}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <ColumnsTable<string>
        testId="version-diff"
        sx={{ '& tbody tr': { verticalAlign: 'top' } }}
        rows={fields}
        rowKey={(f) => f}
        columns={[
          { label: 'resources.cdn/domain.history.field', width: '20%', sx: { fontWeight: 500 }, render: (f) => settingLabel(t, f) },
          {
            label: 'resources.cdn/domain.history.inVersion',
            labelArgs: { version: version.version },
            width: '40%',
            sx: { bgcolor: '#fff1f0', wordBreak: 'break-word' },
            render: (f) => <Lines lines={describeSetting(t, f, version.config)} />,
          },
          {
            label: 'resources.cdn/domain.history.currentConfig',
            width: '40%',
            sx: { bgcolor: '#f6ffed', wordBreak: 'break-word' },
            render: (f) => <Lines lines={describeSetting(t, f, current)} />,
          },
        ]}
      />
    </Box>
  );
}
