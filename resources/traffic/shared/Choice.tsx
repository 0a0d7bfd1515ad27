import { ToggleButton, ToggleButtonGroup } from '@mui/material';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  testId?: string;
}

/** Options of `values`, each labelled by `labelOf`; with `testIdPrefix`, test ids `<prefix>-<value>`. */
export function optionsOf<V extends string>(values: readonly V[], labelOf: (value: V) => string, testIdPrefix?: string): ChoiceOption<V>[] {
  return values.map((value) => ({ value, label: labelOf(value), testId: testIdPrefix ? `${testIdPrefix}-${value}` : undefined }));
}

/**
 * One exclusive choice among a few options, as small toggle buttons (measure, scope, step, time
 * preset). Clicking the chosen option again keeps it: there is always a choice.
 */
export function Choice<V extends string>({
  value,
  onChange,
  label,
  options,
  dense = false,
}: {
  value: V;
  onChange: (value: V) => void;
  /** accessible name of the group */
  label: string;
  options: readonly ChoiceOption<V>[];
  /** narrower buttons, for long rows of presets */
  dense?: boolean;
}) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_e, v: V | null) => v && onChange(v)} aria-label={label}>
      {options.map((o) => (
        <ToggleButton key={o.value} value={o.value} data-testid={o.testId} sx={dense ? { px: 1.25 } : undefined}>
          {o.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
