import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import type { Domain, DomainStrategy } from '../../../common/wire/domainTypes';
import { fieldLabel } from '../domainUi';
import { cacheTime, describeSetting } from './describe';
import { QueryState, useDomainData } from './QueryState';
import { Lines, SettingsGrid } from './SettingsGrid';

function StrategyView({ s }: { s: DomainStrategy }) {
  const t = useTranslate();
  return (
    <>
      <Table size="small" sx={{ maxWidth: 1100, mb: 2 }} data-testid="strategy-table">
        <TableHead>
          <TableRow>
            <TableCell width={90}>{t('resources.cdn/domain.show.priority')}</TableCell>
            <TableCell width={120}>{t('resources.cdn/domain.show.kind')}</TableCell>
            <TableCell>{t(fieldLabel('value'))}</TableCell>
            <TableCell width={160}>{t(fieldLabel('time'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.rules.map((r) => (
            <TableRow key={r.priority}>
              <TableCell>{r.priority}</TableCell>
              <TableCell>{t(`resources.cdn/domain.show.kinds.${r.kind}`)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{r.values.join(', ')}</TableCell>
              <TableCell>{cacheTime(t, r.time, r.unit)}</TableCell>
            </TableRow>
          ))}
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell colSpan={3}>{t('resources.cdn/domain.show.defaultRule')}</TableCell>
            <TableCell>{cacheTime(t, s.defaultRule.time, s.defaultRule.unit)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <SettingsGrid
        title="resources.cdn/domain.show.cacheSettings"
        rows={[
          { label: fieldLabel('ignoreParams'), value: <Lines lines={describeSetting(t, 'ignoreParams', s)} /> },
          { label: fieldLabel('ignoreExpires'), value: <Lines lines={describeSetting(t, 'ignoreExpires', s)} /> },
          { label: fieldLabel('ignoreNoCache'), value: <Lines lines={describeSetting(t, 'ignoreNoCache', s)} /> },
          {
            label: fieldLabel('statusCodeCache'),
            value: <Lines lines={s.statusCodeCache.length ? s.statusCodeCache.map((c) => `${c.code} → ${cacheTime(t, c.time, c.unit)}`) : [t('resources.cdn/domain.values.none')]} />,
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
