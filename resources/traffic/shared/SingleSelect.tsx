import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
  /** nesting depth (sub-accounts under their account) */
  depth?: number;
}

/**
 * A small drop-down of one value (month, granularity, account, cache state, ...). An option whose
 * value is '' stands for "all" and is shown even when chosen.
 */
export function SingleSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  testId,
  width,
  minWidth,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  testId: string;
  width?: number;
  minWidth?: number;
}) {
  const hasEmpty = options.some((o) => o.value === '');
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      sx={{ width, minWidth }}
      slotProps={{
        select: { displayEmpty: hasEmpty, SelectDisplayProps: { 'data-testid': testId } as object },
        ...(hasEmpty ? { inputLabel: { shrink: true } } : {}),
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={o.depth !== undefined ? { pl: 2 + o.depth * 2 } : undefined}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A month ('YYYY-MM') of those offered, each shown as it is. */
export function MonthSelect({
  label,
  value,
  onChange,
  months,
  testId,
}: {
  label: string;
  value: string;
  onChange: (month: string) => void;
  months: readonly string[];
  testId: string;
}) {
  return (
    <SingleSelect
      label={label}
      value={value}
      onChange={onChange}
      width={160}
      testId={testId}
      options={months.map((m) => ({ value: m, label: m }))}
    />
  );
}
