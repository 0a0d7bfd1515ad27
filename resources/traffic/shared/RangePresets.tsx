import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  defaultGranularity,
  formatTime,
  presetRange,
  TIME_PRESETS,
  type Granularity,
  type TimePreset,
  type TimeRange,
  type TimeSelect,
} from '../../../src/lib/time';
import { Choice, optionsOf } from './Choice';

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

/** The preset buttons of a time range ('Time range': today ... last month, and Custom where asked). */
function TimeChoice<T extends TimeSelect>({
  value,
  onChange,
  options,
}: {
  value: T;
  onChange: (choice: T) => void;
  options: readonly T[];
}) {
  const translate = useTranslate();
  return (
    <Choice
      dense
      value={value}
      onChange={onChange}
      label={translate('portal.traffic.range')}
      options={optionsOf(options, (p) => translate(`portal.traffic.presets.${p}`), 'preset')}
    />
  );
}

const WITH_CUSTOM: readonly TimeSelect[] = [...TIME_PRESETS, 'userDefined'];

/** The presets and Custom, for searches that also take a range typed in (analysis, logs). */
export function TimeSelectChoice({ value, onChange }: { value: TimeSelect; onChange: (choice: TimeSelect) => void }) {
  return <TimeChoice value={value} onChange={onChange} options={WITH_CUSTOM} />;
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
      <TimeChoice value={value.preset} onChange={(p) => onChange(choosePreset(p))} options={presets} />
      <Typography variant="body2" color="text.secondary" data-testid="range-shown">
        {translate('portal.traffic.rangeShown', { start: value.startTime.slice(0, 16), end: value.endTime.slice(0, 16) })}
      </Typography>
    </Stack>
  );
}
