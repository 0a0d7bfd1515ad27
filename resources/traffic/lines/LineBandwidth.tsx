import { Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BandwidthPoint, LineInfo, LineSummary } from '../../../dataProviders/api/traffic';
import { TimeSeriesChart, type TimePoint } from '../../../src/charts';
import { secondsToMs, withinRange, type TimeRange } from '../../../src/lib/time';
import { formatBandwidth, formatPercent } from '../../../src/lib/units';
import { Section } from '../../../src/kit/QueryView';
import { Tile } from '../../../src/kit/Tile';
import { RangePresets, type PresetChoice } from '../shared/RangePresets';
import { QueryView } from '../../../src/kit/QueryView';
import { usePortalQuery } from '../../../src/kit/usePortalQuery';
import { Choice, optionsOf } from '../shared/Choice';

/** 1-minute points (lineData, up to 7 days) or 5-minute points (lineSdwanData, up to 31 days). */
const LINE_STEPS = ['minute', 'fiveMinutes'] as const;
export type LineStep = (typeof LINE_STEPS)[number];
export const PRESETS_FOR: Record<LineStep, readonly PresetChoice['preset'][]> = {
  minute: ['today', 'yesterday', 'threeDays', 'week'],
  fiveMinutes: ['today', 'yesterday', 'threeDays', 'week', 'month', 'lastMonth'],
};

export function bandwidthPoints(points: readonly BandwidthPoint[], range: TimeRange): TimePoint[] {
  return points
    .map((p) => ({ time: secondsToMs(p.timestamp), outgoing: p.outgoingBandWidth, incoming: p.incomingBandWidth }))
    .filter((p) => withinRange(p.time, range))
    .sort((a, b) => a.time - b.time);
}

/** The chosen line: its statistics over the range and its outgoing / incoming bandwidth curve. */
export function LineBandwidth({
  line,
  summary,
  step,
  onStep,
  choice,
  onChoice,
}: {
  line: LineInfo;
  summary: LineSummary | undefined;
  step: LineStep;
  onStep: (s: LineStep) => void;
  choice: PresetChoice;
  onChoice: (c: PresetChoice) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const query = { code: line.code, startTime: choice.startTime, endTime: choice.endTime };
  const curve = usePortalQuery(['lineBandwidth', step, query], (dp) => (step === 'minute' ? dp.lineData(query) : dp.lineSdwanData(query)));
  return (
    <Section
      title={translate('pages.cdn/linesinfo.curve.title', { name: line.name, code: line.code })}
      testId="line-bandwidth"
      actions={
        <Choice
          value={step}
          onChange={onStep}
          label={translate('pages.cdn/linesinfo.curve.step')}
          options={optionsOf(LINE_STEPS, (s) => translate(`pages.cdn/linesinfo.curve.${s}`), 'step')}
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {line.address}
      </Typography>
      <RangePresets value={choice} onChange={onChoice} presets={PRESETS_FOR[step]} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }} data-testid="line-summary">
        <Tile label={translate('pages.cdn/linesinfo.stats.peakOut')} value={formatBandwidth(summary?.peakOut)} testId="line-peak-out" />
        <Tile label={translate('pages.cdn/linesinfo.stats.peakIn')} value={formatBandwidth(summary?.peakIn)} testId="line-peak-in" />
        <Tile label={translate('pages.cdn/linesinfo.stats.avgOut')} value={formatBandwidth(summary?.avgOut)} testId="line-avg-out" />
        <Tile label={translate('pages.cdn/linesinfo.stats.p95Out')} value={formatBandwidth(summary?.p95Out)} testId="line-p95-out" />
        <Tile label={translate('pages.cdn/linesinfo.stats.capacity')} value={formatBandwidth(line.capacity)} testId="line-capacity">
          <Typography variant="caption" color="text.secondary">
            {translate('pages.cdn/linesinfo.stats.utilization', { value: formatPercent(summary?.peakUtilization) })}
          </Typography>
        </Tile>
      </Stack>
      <QueryView
        state={curve}
        isEmpty={(d) => d.length === 0}
        emptyText={translate('pages.cdn/linesinfo.curve.empty')}
        height={320}
        testId="line-curve"
      >
        {(d) => (
          <TimeSeriesChart
            data={bandwidthPoints(d, choice.range)}
            series={[
              { key: 'outgoing', name: translate('pages.cdn/linesinfo.curve.outgoing'), area: true },
              { key: 'incoming', name: translate('pages.cdn/linesinfo.curve.incoming') },
            ]}
            leftKind="bandwidth"
            leftTitle={translate('pages.cdn/linesinfo.curve.axis')}
            granularity={choice.interval === '1d' ? '1h' : choice.interval}
            locale={locale}
            height={320}
          />
        )}
      </QueryView>
    </Section>
  );
}
