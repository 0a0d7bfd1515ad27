import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { defaultGranularity, formatTime, presetRange, TIME_PRESETS, type Granularity, type TimePreset, type TimeRange } from '../../../lib/time';
import { Choice } from './Choice';

/** A preset range as the traffic screens send it (second precision, end rounded down to 5 minutes). */
export interface PresetChoice {
  preset: TimePreset;
  range: TimeRange;
  startTime: string;
  endTime: string;
  interval: Granularity;
}

/** The range of a preset at `now` (computed when chosen, so a screen keeps one fixed range per search). */
export function choosePreset(preset: TimePreset, now: Date = new Date()): PresetChoice {
  const range = presetRange(preset, now, 'second');
  return { preset, range, startTime: formatTime(range.start), endTime: formatTime(range.end), interval: defaultGranularity(range) };
}

/** Today / yesterday / three days / week / month / last month, with the exact range shown next to it. */
export function RangePresets({
  value,
  onChange,
  presets = TIME_PRESETS,
}: {
  value: PresetChoice;
  onChange: (choice: PresetChoice) => void;
  presets?: readonly TimePreset[];
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Choice
        dense
        value={value.preset}
        onChange={(p) => onChange(choosePreset(p))}
        label={translate('trafficPages.range')}
        options={presets.map((p) => ({ value: p, label: translate(`trafficPages.presets.${p}`), testId: `preset-${p}` }))}
      />
      <Typography variant="body2" color="text.secondary" data-testid="range-shown">
        {translate('trafficPages.rangeShown', { start: value.startTime.slice(0, 16), end: value.endTime.slice(0, 16) })}
      </Typography>
    </Stack>
  );
}
