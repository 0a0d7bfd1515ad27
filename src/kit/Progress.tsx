import { CircularProgress, LinearProgress, type CircularProgressProps, type LinearProgressProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** `label`: what is in progress (already translated); "Loading…" when absent. */
interface Named {
  label?: string;
}

/**
 * MUI's spinner and bar with an accessible name: a role="progressbar" without one fails axe-core's
 * aria-progressbar-name (docs/shell.md "Accessibility (axe-core)").
 */
export function Spinner({ label, ...props }: CircularProgressProps & Named) {
  const translate = useTranslate();
  return <CircularProgress aria-label={label ?? translate('portal.common.loading')} {...props} />;
}

export function ProgressBar({ label, ...props }: LinearProgressProps & Named) {
  const translate = useTranslate();
  return <LinearProgress aria-label={label ?? translate('portal.common.loading')} {...props} />;
}
