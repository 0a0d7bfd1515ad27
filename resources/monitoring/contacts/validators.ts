import {
  contactProblems,
  emailProblem,
  mobileProblem,
  nameProblem,
  ruleProblems,
  webhookProblem,
  type MonitProblem,
  type RuleInput,
} from '../../../common/rules/monitoring';

/** Form validators of cloud monitoring: the same rules as the server (common/rules/monitRules.ts). */
const key = (p: MonitProblem | null) => (p ? `resources.CMonit/alertContact.problems.${p}` : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const validateName = (v: unknown) => key(nameProblem(str(v)));
export const validateEmail = (v: unknown) => key(emailProblem(str(v)));
export const validateMobile = (v: unknown) => key(mobileProblem(str(v)));
export const validateWebhook = (v: unknown) => key(webhookProblem(str(v)));
export const validateRemark = (v: unknown) => ([...str(v)].length > 200 ? key('remarkTooLong') : undefined);

/** Whole-contact check: at least one channel (shown on the email field). */
export function validateContact(values: Record<string, unknown>) {
  const p = contactProblems({
    name: str(values.name),
    email: str(values.email),
    mobile: str(values.mobile),
    webhook: str(values.webhook),
    remark: str(values.remark),
  });
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(p)) if (problem) errors[field === 'channels' ? 'email' : field] = key(problem)!;
  return errors;
}

export function validateRule(values: Record<string, unknown>) {
  const r: RuleInput = {
    name: str(values.name),
    domains: Array.isArray(values.domains) ? (values.domains as string[]) : [],
    metric: (values.metric as RuleInput['metric']) ?? 'bandwidth',
    threshold: values.threshold === '' || values.threshold === null || values.threshold === undefined ? NaN : Number(values.threshold),
    consecutive: Number(values.consecutive ?? 1),
    restoreAfter:
      values.restoreAfter === '' || values.restoreAfter === null || values.restoreAfter === undefined
        ? undefined
        : Number(values.restoreAfter),
    groupIds: Array.isArray(values.groupIds) ? (values.groupIds as number[]) : [],
    channels: Array.isArray(values.channels) ? (values.channels as RuleInput['channels']) : [],
    muteWindows: Array.isArray(values.muteWindows) ? (values.muteWindows as RuleInput['muteWindows']) : [],
  };
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(ruleProblems(r))) if (problem) errors[field] = key(problem)!;
  return errors;
}
