import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Button, TextInput, useSimpleFormIterator, useTranslate, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { fieldLabel } from '../domainUi';
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
export const ALWAYS_SHOW_ACTIONS = { '& .RaSimpleFormIterator-action': { visibility: 'visible' } } as const;
