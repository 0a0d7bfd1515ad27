import { useState, type ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import {
  ArrayInput,
  Button,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useSimpleFormIterator,
  useTranslate,
  type ArrayInputProps,
  type NumberInputProps,
  type RadioButtonGroupInputProps,
  type SelectInputProps,
  type TextInputProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { DomainCheckResult } from '../../../common/wire/domains';
import { choicesOf, fieldLabel } from '../domainUi';
import { domainRule } from './validators';
import { formatLines, parseLines } from './formValues';

/** A titled group inside a form tab. */
export function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 1100, mb: 2 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(help)}
        </Typography>
      )}
      <Divider sx={{ mb: 1.5 }} />
      {children}
    </Box>
  );
}

/** Inputs side by side, wrapping on narrow screens. */
export function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start', width: '100%' }}>{children}</Box>;
}

/** A list of words edited as text, one entry per line (validated by the shared rules). */
export function LinesInput({ source, label, ...rest }: { source: string; label: string } & Omit<TextInputProps, 'source' | 'label'>) {
  return (
    <TextInput
      fullWidth={false}
      source={source}
      label={fieldLabel(label)}
      multiline
      minRows={3}
      maxRows={10}
      format={formatLines}
      parse={parseLines}
      validate={domainRule()}
      sx={{ minWidth: 360 }}
      {...rest}
    />
  );
}

/** Children only while the switch at `name` is on. */
export function On({ name, children }: { name: string; children: ReactNode }) {
  return useWatch({ name }) ? <>{children}</> : null;
}

/** Children only while the list mode at `name` is allow or deny. */
export function ListOn({ name, children }: { name: string; children: ReactNode }) {
  const mode = useWatch({ name });
  return mode && mode !== 'off' ? <>{children}</> : null;
}

/** "Add" with a visible label (an empty list otherwise shows a bare plus sign). */
export function AddRowButton() {
  const { add, source } = useSimpleFormIterator();
  return (
    <Button label="ra.action.add" size="small" onClick={() => add()} className={`button-add button-add-${source}`}>
      <AddIcon fontSize="small" />
    </Button>
  );
}

/** Order matters in these lists (priority): keep move up / down visible, not only on hover. */
const ALWAYS_SHOW_ACTIONS = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;

/** A list edited as inline rows with an "Add" button; `reorder` keeps move up / down (priority lists). */
export function RowsInput({
  reorder = false,
  itemLabel,
  label = false,
  children,
  ...rest
}: Omit<ArrayInputProps, 'children'> & { reorder?: boolean; itemLabel?: (index: number) => string; children: ReactNode }) {
  return (
    <ArrayInput label={label} {...rest}>
      <SimpleFormIterator
        addButton={<AddRowButton />}
        inline
        disableClear
        disableReordering={!reorder}
        getItemLabel={itemLabel}
        sx={ALWAYS_SHOW_ACTIONS}
      >
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Props of one input in a row: `label` is the field's name (fieldLabel), `width` its fixed width. */
type CellProps<P> = Omit<P, 'label'> & { label: string; width: number };

/** A text input in a row: checked by the shared rules, no helper line (unless given). */
export function TextCell({ label, width, ...rest }: CellProps<TextInputProps>) {
  return <TextInput fullWidth={false} label={fieldLabel(label)} validate={domainRule()} helperText={false} sx={{ width }} {...rest} />;
}

/** A number input in a row: checked by the shared rules, no helper line. */
export function NumberCell({ label, width, ...rest }: CellProps<NumberInputProps>) {
  return <NumberInput fullWidth={false} label={fieldLabel(label)} validate={domainRule()} helperText={false} sx={{ width }} {...rest} />;
}

/** A select in a row, its choices the `values` of the field's value group (or `choices` as given). */
export function SelectCell({ label, width, values, ...rest }: CellProps<SelectInputProps> & { values?: readonly (string | number)[] }) {
  return (
    <SelectInput
      fullWidth={false}
      label={fieldLabel(label)}
      choices={values && choicesOf(label, values)}
      helperText={false}
      sx={{ width }}
      {...rest}
    />
  );
}

/** Radio buttons for the values of one field's value group, labelled by that field (`group`), no helper line. */
export function GroupRadios({
  group,
  values,
  ...rest
}: Omit<RadioButtonGroupInputProps, 'label' | 'choices'> & { group: string; values: readonly (string | number)[] }) {
  return <RadioButtonGroupInput helperText={false} label={fieldLabel(group)} choices={choicesOf(group, values)} {...rest} />;
}

/** Runs a server check (ICP number, test URL) while `busy`, then notifies `ok` or `failed` with the reason. */
export function useDomainCheck(ok: string, failed: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<DomainCheckResult>) => {
    setBusy(true);
    try {
      const res = await call();
      if (res.result === 200) notify(ok, { type: 'success' });
      else notify(failed, { type: 'error', messageArgs: { reason: translate(res.msg, { _: res.msg }) } });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
