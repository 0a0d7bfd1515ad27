import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainStrategy } from '../../../common/wire/domains';
import { fieldLabel } from '../domainUi';
import { cacheTime, describeSetting } from './describe';
import { ColumnsTable } from '../../../src/kit/ColumnsTable';
import { QueryState, useDomainData } from './QueryState';
import { Lines, SettingsGrid } from './SettingsGrid';

function StrategyView({ s }: { s: DomainStrategy }) {
  const t = useTranslate();
  return (
    <>
      <ColumnsTable<DomainStrategy['rules'][number]>
        testId="strategy-table"
        sx={{ maxWidth: 1100, mb: 2 }}
        rows={s.rules}
        rowKey={(r) => r.priority}
        columns={[
          { label: 'resources.cdn/domain.show.priority', width: 90, render: (r) => r.priority },
          { label: 'resources.cdn/domain.show.kind', width: 120, render: (r) => t(`resources.cdn/domain.show.kinds.${r.kind}`) },
          { label: fieldLabel('value'), sx: { wordBreak: 'break-all' }, render: (r) => r.values.join(', ') },
          { label: fieldLabel('time'), width: 160, render: (r) => cacheTime(t, r.time, r.unit) },
        ]}
        footer={
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell colSpan={3}>{t('resources.cdn/domain.show.defaultRule')}</TableCell>
            <TableCell>{cacheTime(t, s.defaultRule.time, s.defaultRule.unit)}</TableCell>
          </TableRow>
        }
      />
      <SettingsGrid
        title="resources.cdn/domain.show.cacheSettings"
        rows={[
          { label: fieldLabel('ignoreParams'), value: <Lines lines={describeSetting(t, 'ignoreParams', s)} /> },
          { label: fieldLabel('ignoreExpires'), value: <Lines lines={describeSetting(t, 'ignoreExpires', s)} /> },
          { label: fieldLabel('ignoreNoCache'), value: <Lines lines={describeSetting(t, 'ignoreNoCache', s)} /> },
          {
            label: fieldLabel('statusCodeCache'),
            value: (
              <Lines
                lines={
                  s.statusCodeCache.length
                    ? s.statusCodeCache.map((c) => `${c.code} → ${cacheTime(t, c.time, c.unit)}`)
                    : [t('resources.cdn/domain.values.none')]
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** The effective cache strategy (GET /api/domain/strategy/{id}) in priority order. */
export function CacheTab({ domain }: { domain: Domain }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const strategy = useDomainData(['strategy', domain.id, domain.version], () => dataProvider.domainStrategy(domain.id));
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('resources.cdn/domain.show.strategy')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('resources.cdn/domain.help.cacheRules')}
      </Typography>
      <QueryState query={strategy}>{(s) => <StrategyView s={s} />}</QueryState>
    </Box>
  );
}
