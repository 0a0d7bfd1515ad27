import type { ReactNode } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface MultiSelectProps {
  label: string;
  /** option values */
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  /** display text of a value */
  labelOf?: (value: string) => string;
  /** placeholder when nothing is chosen (empty means "all") */
  emptyText?: string;
  renderOption?: (value: string) => ReactNode;
  width?: number;
  testId?: string;
}

/** A compact multi-select with search (MUI Autocomplete); nothing chosen means "all". */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  labelOf = (v) => v,
  emptyText,
  renderOption,
  width = 220,
  testId,
}: MultiSelectProps) {
  const translate = useTranslate();
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={2}
      disableCloseOnSelect
      options={options}
      value={value}
      onChange={(_e, next) => onChange(next)}
      getOptionLabel={labelOf}
      noOptionsText={translate('pages.cdn/analysisOff.search.noOptions')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {renderOption ? renderOption(option) : labelOf(option)}
          </li>
        );
      }}
      sx={{ width }}
      data-testid={testId}
      renderInput={(params) => (
        // With a placeholder ("All …") the label stays up, so an empty choice reads as "all", not as missing.
        <TextField
          {...params}
          label={label}
          placeholder={value.length ? undefined : emptyText}
          slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: emptyText || value.length ? true : undefined } }}
        />
      )}
    />
  );
}
