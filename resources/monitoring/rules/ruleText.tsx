import { Alert, Typography } from '@mui/material';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { AlertRule } from '../../../common/wire/monitoring';
import { COUNT_METRICS, COMPARISON_SIGNS, METRIC_UNITS, targetKind, type MonitMetric } from '../../../common/rules/monitoring';

/** Texts of the rule screens: values with their units (counts as '5 attacks' / '5 次'), conditions, targets, who cannot be reached. */
const R = 'resources.CMonit/alertRules';

/** A metric's unit for display: the symbol, or for a count the translated word. */
export const unitText = (t: TranslateFunction, metric: MonitMetric) =>
  COUNT_METRICS.includes(metric) ? t(`${R}.units.${metric}`) : METRIC_UNITS[metric];

/** A value of a metric with its unit. */
export const valueText = (t: TranslateFunction, metric: MonitMetric, value: number) =>
  COUNT_METRICS.includes(metric) ? `${value} ${unitText(t, metric)}` : `${value}${METRIC_UNITS[metric]}`;

/** The rule's condition: 'Security: attacks on protected IPs > 0 attacks · 5 min × 1'. */
export const conditionText = (t: TranslateFunction, r: AlertRule) =>
  `${t(`${R}.metrics.${r.metric}`)} ${COMPARISON_SIGNS[r.comparison]} ${valueText(t, r.metric, r.threshold)} · ` +
  `${t(`${R}.periodMinutes`, { n: r.period })} × ${r.consecutive}`;

/** The rule's targets; a security rule without any covers all of the account's protected IPs or websites. */
export function targetsText(t: TranslateFunction, r: Pick<AlertRule, 'metric' | 'domains'>): string {
  const kind = targetKind(r.metric);
  return !r.domains.length && kind !== 'domains' ? t(`${R}.allTargets.${kind}`) : r.domains.join(', ');
}

/** 'Jane Lee (SMS), Ops (Webhook)': the members who cannot be reached, with the channels they lack. */
function unreachableList(t: TranslateFunction, r: Pick<AlertRule, 'unreachable'>): string {
  return r.unreachable.map((u) => `${u.name} (${u.channels.map((c) => t(`${R}.channels.${c}`)).join(', ')})`).join(', ');
}

/** Said once on the rule (list and edit form): members of its groups it cannot notify on some of its channels. */
export function UnreachableNote({ rule, variant }: { rule: Pick<AlertRule, 'unreachable'> | undefined; variant: 'alert' | 'caption' }) {
  const t = useTranslate();
  if (!rule?.unreachable?.length) return null;
  const text = t(`${R}.unreachableNote`, { list: unreachableList(t, rule) });
  return variant === 'alert' ? (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="rule-unreachable">
      {text}
    </Alert>
  ) : (
    <Typography variant="caption" color="warning.main" component="div" data-testid="rule-unreachable">
      {`${t(`${R}.fields.unreachable`)}: ${unreachableList(t, rule)}`}
    </Typography>
  );
}
