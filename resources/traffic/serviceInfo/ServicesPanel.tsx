import { Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ServiceInfo } from '../../../common/wire/traffic/index';
import { formatBandwidth, formatBytes, formatCount } from '../../../src/lib/units';

/** One card per service (business type) of the month: domains, traffic, requests, peak bandwidth. */
export function ServicesPanel({ info }: { info: ServiceInfo }) {
  const translate = useTranslate();
  const line = (label: string, value: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="services">
      {info.services.map((s) => (
        <Paper
          key={s.name}
          variant="outlined"
          sx={{ p: 2, flex: '1 1 210px', minWidth: 210, maxWidth: 360 }}
          data-testid={`service-${s.name}`}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate(`pages.cdn/newserviceinfo.types.${s.name}`, { _: s.name })}
          </Typography>
          {line(translate('pages.cdn/newserviceinfo.columns.domainCount'), formatCount(s.domainCount))}
          {line(translate('pages.cdn/newserviceinfo.columns.flow'), formatBytes(s.flow))}
          {line(translate('pages.cdn/newserviceinfo.columns.request'), formatCount(s.request))}
          {line(translate('pages.cdn/newserviceinfo.columns.peakBandwidth'), formatBandwidth(s.peakBandwidth))}
        </Paper>
      ))}
    </Stack>
  );
}
