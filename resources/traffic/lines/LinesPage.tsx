import { useMemo, useState } from 'react';
import { Alert, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LineInfo } from '../../../dataProviders/api/traffic';
import { Section } from '../../../src/kit/QueryView';
import { PageHeader } from '../shared/PageHeader';
import { choosePreset, type PresetChoice } from '../shared/RangePresets';
import { QueryView } from '../../../src/kit/QueryView';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { LineBandwidth, PRESETS_FOR, type LineStep } from './LineBandwidth';
import { CHINA_MAP_COUNTRIES, mapLines } from './lineModel';
import { LinesMap, type MapLine, type MapRegion } from './LinesMap';
import { LinesTable } from './LinesTable';

/**
 * /cdn/linesinfo: the provider's lines on a world map (and a map of China for the lines there); a
 * click on a line shows its outgoing and incoming bandwidth (1-minute or 5-minute points) and its
 * statistics; a table lists every line. 'Lines is null' when there are none.
 */
export function LinesPage() {
  const translate = useTranslate();
  const init = usePortalQuery(['lineInit'], (dp) => dp.lineInit());
  const areas = usePortalQuery(['lineAreas'], (dp) => dp.lineAreas());
  const [selected, setSelected] = useState<string | null>(null);
  const [step, setStep] = useState<LineStep>('fiveMinutes');
  const [choice, setChoice] = useState<PresetChoice>(() => choosePreset('today'));
  const statsQuery = { startTime: choice.startTime, endTime: choice.endTime };
  const stats = usePortalQuery(['lineStatic', statsQuery], (dp) => dp.lineStaticData(statsQuery), { enabled: Boolean(init.data?.length) });
  const placed = useMemo(() => mapLines(init.data ?? [], areas.data), [init.data, areas.data]);
  const chinaLines = placed.filter((l) => CHINA_MAP_COUNTRIES.has(l.country));
  const chooseStep = (next: LineStep) => {
    setStep(next);
    if (!PRESETS_FOR[next].includes(choice.preset)) setChoice(choosePreset('today'));
  };
  return (
    <div data-testid="lines-page">
      <PageHeader title={translate('pages.cdn/linesinfo.title')} subtitle={translate('pages.cdn/linesinfo.subtitle')} />
      <QueryView state={init} isEmpty={(d) => d.length === 0} emptyText={translate('pages.cdn/linesinfo.none')} height={360} testId="lines">
        {(lines: LineInfo[]) => {
          const line = lines.find((l) => l.code === selected) ?? lines[0];
          return (
            <>
              {areas.error && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {translate('pages.cdn/linesinfo.areasFailed', { message: areas.error })}
                </Alert>
              )}
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, lg: chinaLines.length ? 7 : 12 }}>
                  <MapSection region="world" lines={placed} selected={line.code} onSelect={setSelected} />
                </Grid>
                {chinaLines.length > 0 && (
                  <Grid size={{ xs: 12, lg: 5 }}>
                    <MapSection region="china" lines={chinaLines} selected={line.code} onSelect={setSelected} />
                  </Grid>
                )}
              </Grid>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {translate('pages.cdn/linesinfo.hint')}
              </Typography>
              <LineBandwidth
                line={line}
                summary={stats.data?.find((s) => s.code === line.code)}
                step={step}
                onStep={chooseStep}
                choice={choice}
                onChoice={setChoice}
              />
              <LinesTable lines={lines} stats={stats.data} onSelect={setSelected} statsError={stats.error} />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

export default LinesPage;

/** One map of the lines in a section; the map and the section are titled with its count of lines. */
function MapSection({ region, ...map }: { region: MapRegion; lines: MapLine[]; selected: string; onSelect: (code: string) => void }) {
  const translate = useTranslate();
  const title = translate(`pages.cdn/linesinfo.${region}Map`, { count: map.lines.length });
  return (
    <Section title={title} testId={`${region}-map`}>
      <LinesMap region={region} title={title} {...map} />
    </Section>
  );
}
