import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import {
  CreateBase,
  EditBase,
  Form,
  Title,
  useEditContext,
  useInput,
  useNotify,
  useTranslate,
  ValidationError,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldProblem } from '../../common/rules/websites/index';
import type { ClientApp } from '../../common/rules/websites/catalogue';
import { BUSY_RETRY_DELAY_MS, retryBusy } from '../../dataProviders/http';
import { WEBSITE_POLICY_RESOURCE, WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import { useErrorText } from '../../src/kit/errorText';
import { usePortalQuery } from '../../src/kit/usePortalQuery';
import { useSaveFailure } from '../../src/kit/staleWrite';
import type { DryRunBody } from '../../common/wire/websites';
import { DryRunPanel } from './DryRunPanel';

/**
 * The policy and rule pages (routed under the website, /dcdn/website/:id/policies/… and …/rules/…):
 * react-admin's CreateBase, or EditBase on the stored record (read afresh at each visit), around a
 * Form of the page's draft (the record as typed), with the frame: title, the failure of the reading
 * or the save, the inputs, Save and Cancel (one step back), and the dry run below the form.
 * A save is checked first (validate: the messages go under the inputs) and sent as `toInput` makes it;
 * on success the page says so and goes back one step, on failure it shows the error's text.
 */
export interface FormPageProps<R extends RaRecord, D extends FieldValues, I> {
  resource: string;
  /** the stored record's id: editing; none: creating */
  id?: number;
  title: string;
  testId: string;
  /** the draft of the stored record, or a new one */
  draftOf: (record?: R) => D;
  toInput: (draft: D) => I;
  /** the form's errors: i18n keys by input (errorsOf) */
  validate: (draft: D) => FieldValues;
  /** what 'Dry run' sends of the checked input */
  dryRun: (input: I) => DryRunBody;
  children: ReactNode;
}

export function FormPage<R extends RaRecord, D extends FieldValues, I>({ resource, id, ...page }: FormPageProps<R, D, I>) {
  const notify = useNotify();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [failure, setFailure] = useState('');
  const { onError, staleDialog } = useSaveFailure({ otherwise: (e) => setFailure(errorText(e)) });
  const mutationOptions = {
    onSuccess: () => {
      notify('resources.dcdn/website.saved', { type: 'success' });
      navigate(-1);
    },
    onError,
  };
  const transform = (draft: D) => page.toInput(draft);
  // The route is signed-in (Authenticated) and the server checks the operation right on saving.
  return id === undefined ? (
    <CreateBase resource={resource} transform={transform} mutationOptions={mutationOptions} disableAuthentication>
      <FormFrame {...page} failure={failure} />
    </CreateBase>
  ) : (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={mutationOptions}
      queryOptions={{ onError: () => undefined, retry: retryBusy, retryDelay: BUSY_RETRY_DELAY_MS }}
      disableAuthentication
    >
      <StoredFormFrame {...page} failure={failure} />
      {staleDialog}
    </EditBase>
  );
}

/** Each kind of a website's record with a page of its own: its resource, its id's route parameter, the page's titles. */
const CHILD_PAGES = {
  policy: {
    resource: WEBSITE_POLICY_RESOURCE,
    param: 'policyId',
    add: 'resources.dcdn/website.addPolicy',
    edit: 'resources.dcdn/website.editPolicy',
  },
  rule: {
    resource: WEBSITE_RULE_RESOURCE,
    param: 'ruleId',
    add: 'resources.dcdn/website.addRule',
    edit: 'resources.dcdn/website.editRule',
  },
} as const;

/** What a policy or rule page brings to its FormPage. */
export interface ChildPageParts<R extends RaRecord, D extends FieldValues, I extends { websiteId: number }> {
  draftOf: (record?: R) => D;
  inputOf: (websiteId: number, draft: D) => I;
  /** the form's errors for the input the draft makes (errorsOf) */
  validate: (input: I) => FieldValues;
  dryRun: (input: I) => DryRunBody;
  /** the inputs, for the stored record (editing) or a new one */
  inputs: (editing: boolean) => ReactNode;
}

/**
 * The page of a website's policy or rule: the website's id (:id) and the record's (none: a new one)
 * come from the route; test ids `<kind>-page`, `<kind>-save`.
 */
export function websiteChildPage<R extends RaRecord, D extends FieldValues, I extends { websiteId: number }>(
  kind: keyof typeof CHILD_PAGES,
  parts: ChildPageParts<R, D, I>,
) {
  const { resource, param, add, edit } = CHILD_PAGES[kind];
  return function ChildPage() {
    const params = useParams();
    const websiteId = Number(params.id);
    const id = params[param] ? Number(params[param]) : undefined;
    const translate = useTranslate();
    const toInput = (draft: D) => parts.inputOf(websiteId, draft);
    return (
      <FormPage<R, D, I>
        resource={resource}
        id={id}
        title={translate(id ? edit : add)}
        testId={`${kind}-page`}
        draftOf={parts.draftOf}
        toInput={toInput}
        validate={(draft) => parts.validate(toInput(draft))}
        dryRun={parts.dryRun}
      >
        {parts.inputs(id !== undefined)}
      </FormPage>
    );
  };
}

type FrameProps<R extends RaRecord, D extends FieldValues, I> = Omit<FormPageProps<R, D, I>, 'resource' | 'id'> & {
  failure: string;
  loading?: boolean;
  stored?: R;
};

/** The frame over the stored record: shown once it is read (with the failure of the reading, if any). */
function StoredFormFrame<R extends RaRecord, D extends FieldValues, I>(props: FrameProps<R, D, I>) {
  const { record, isPending, error } = useEditContext<R>();
  const errorText = useErrorText();
  return <FormFrame {...props} loading={isPending} stored={record} failure={props.failure || (error ? errorText(error) : '')} />;
}

function FormFrame<R extends RaRecord, D extends FieldValues, I>(p: FrameProps<R, D, I>) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { draftOf, stored } = p;
  const draft = useMemo(() => draftOf(stored), [draftOf, stored]);
  const heading = (
    <>
      <Title title={p.title} />
      <Typography variant="h6" sx={{ mb: 2 }}>
        {p.title}
      </Typography>
    </>
  );
  if (p.loading) {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid={p.testId}>
        <Card>
          <CardContent>{heading}</CardContent>
        </Card>
      </Box>
    );
  }
  // the form's values are the draft (its record) as typed
  return (
    <Form record={draft} validate={(values) => p.validate(values as D)} reValidateMode="onSubmit" disableInvalidFormNotification noValidate>
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid={p.testId}>
        <Card>
          <CardContent>
            {heading}
            <Stack spacing={2}>
              {p.failure && <Alert severity="error">{p.failure}</Alert>}
              {p.children}
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" data-testid={`${p.testId.replace(/-page$/, '')}-save`}>
                  {translate('resources.dcdn/website.save')}
                </Button>
                <Button onClick={() => navigate(-1)}>{translate('resources.dcdn/website.cancel')}</Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
        <FormDryRun validate={p.validate} toInput={p.toInput} dryRun={p.dryRun} />
      </Box>
    </Form>
  );
}

/** The form's errors from the shared rules' problems: each message key at its input's path (a later one wins). */
export function errorsOf(problems: FieldProblem[], pathsOf: (field: string) => string[] = (field) => [field]): FieldValues {
  const errors: FieldValues = {};
  for (const p of problems) {
    for (const path of pathsOf(p.field)) {
      const keys = path.split('.');
      let at = errors;
      for (const k of keys.slice(0, -1)) at = at[k] = typeof at[k] === 'object' ? at[k] : {};
      at[keys[keys.length - 1]] = `resources.dcdn/website.messages.${p.key}`;
    }
  }
  return errors;
}

/** 'Dry run' of the record as typed: when valid; else the messages go under the inputs. */
function FormDryRun<D extends FieldValues, I>(p: Pick<FormPageProps<RaRecord, D, I>, 'validate' | 'toInput' | 'dryRun'>) {
  const { getValues, trigger, clearErrors } = useFormContext<D>();
  const body = () => {
    const draft = getValues();
    if (Object.keys(p.validate(draft)).length) {
      void trigger();
      return null;
    }
    clearErrors();
    return p.dryRun(p.toInput(draft));
  };
  return <DryRunPanel body={body} />;
}

/** The draft as typed, read again at each change (for the inputs that depend on others). */
export function useDraft<D extends FieldValues>(): D {
  const { getValues } = useFormContext<D>();
  useWatch<D>();
  return getValues();
}

type FormTextFieldProps = Omit<TextFieldProps, 'value' | 'error' | 'name' | 'onChange'> & {
  source: string;
  /** the form's value of what was typed or chosen (default: as is) */
  parse?: (value: string) => unknown;
  /** what the input shows of the form's value (default: as is, '' for none) */
  format?: (value: unknown) => unknown;
  /** after the form's value changed */
  onChange?: () => void;
};

const asIs = (value: unknown) => value;
const orEmpty = (value: unknown) => value ?? '';

/** A text field or select bound to the form's `source` (react-admin's useInput); its error goes below it. */
export function FormTextField({ source, parse = asIs, format = orEmpty, onChange, helperText, ...props }: FormTextFieldProps) {
  const { field, fieldState } = useInput({ source, parse, format, onChange });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ? <ValidationError error={error} /> : helperText}
    />
  );
}

/** A checkbox bound to the form's boolean `source`. */
export function FormCheckbox({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source, format: asIs, parse: asIs });
  const checkbox = <Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />;
  return <FormControlLabel control={checkbox} label={label} />;
}

/** The client applications a policy or rule applies to: a multiple select of the catalogue's. */
export function ClientAppsInput({ label }: { label: string }) {
  const apps: ClientApp[] = usePortalQuery(['clientApps'], (dp) => dp.clientApps()).data ?? [];
  return (
    <FormTextField source="clientAppIds" select label={label} SelectProps={{ multiple: true }}>
      {apps.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
