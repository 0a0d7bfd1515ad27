import { Alert, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import {
  IPP_FORBIDDEN_PORTS,
  IPP_PRESETS,
  IPP_PROTOCOLS,
  ippEntryProblem,
  parsePortList,
  protectionAddress,
  type IppEntryInput,
  type IppPreset,
  type IppProblem,
} from '../../common/rules/ipProtection';
import { IppOwnershipProof } from './IppOwnershipProof';

/** The protected-IP form (add and edit): every rule of spec §5 checked here and again by the server. */

export interface IppFormValues {
  originIp?: string;
  protocol?: string;
  /** the list as typed ("80, 443") or, untouched on edit, the stored numbers */
  ports?: string | number[];
  ranges?: Array<{ start?: number | null; end?: number | null }>;
  preset?: IppPreset | '';
  cnamePrefix?: string;
  remark?: string;
}

const MESSAGE: Record<IppProblem['key'], string> = {
  ippEmpty: 'resources.ipP/ipset.errors.empty',
  ippFormat: 'resources.ipP/ipset.errors.format',
  ippPortsRequired: 'resources.ipP/ipset.errors.portsRequired',
  ippRangeRequired: 'resources.ipP/ipset.errors.rangeRequired',
  ippRangeError: 'resources.ipP/ipset.errors.rangeError',
  ippPortOutOfRange: 'resources.ipP/ipset.errors.portOutOfRange',
  ippForbiddenPort: 'resources.ipP/ipset.errors.forbiddenPort',
  ippRangeTooLarge: 'resources.ipP/ipset.errors.rangeTooLarge',
  ippTooManyPorts: 'resources.ipP/ipset.errors.tooManyPorts',
  ippTooManyRanges: 'resources.ipP/ipset.errors.tooManyRanges',
  ippRemarkTooLong: 'resources.ipP/ipset.errors.remarkTooLong',
};

const portsOf = (v: IppFormValues['ports']): number[] | null => (Array.isArray(v) ? v : parsePortList(v ?? ''));

/** Form values → the create/update body (only the fields the calls take). */
export function toBody(v: IppFormValues): IppEntryInput {
  return {
    originIp: (v.originIp ?? '').trim(),
    protocol: v.protocol === 'UDP' ? 'UDP' : 'TCP',
    ports: portsOf(v.ports) ?? [],
    ranges: (v.ranges ?? []).map((r) => ({ start: r?.start as number, end: r?.end as number })),
    preset: v.preset ?? '',
    cnamePrefix: (v.cnamePrefix ?? '').trim(),
    remark: v.remark ?? '',
  };
}

/** Field → message (react-admin form-level validation). */
export function validateIpp(v: IppFormValues): Record<string, unknown> {
  if (portsOf(v.ports) === null) return { ports: { message: MESSAGE.ippFormat, args: {} } };
  const problem = ippEntryProblem(toBody(v));
  if (!problem) return {};
  const args = 'port' in problem ? { port: problem.port } : {};
  return { [problem.field]: { message: MESSAGE[problem.key], args } };
}

const formatPorts = (v: unknown) => (Array.isArray(v) ? v.join(', ') : (v ?? ''));

function PresetHint() {
  const t = useTranslate();
  const preset = useWatch({ name: 'preset' }) as IppPreset | '' | undefined;
  if (!preset) return null;
  return (
    <Typography variant="caption" color="text.secondary" data-testid="ipp-preset-ports">
      {t('resources.ipP/ipset.help.presetPorts', { ports: IPP_PRESETS[preset].join(', ') })}
    </Typography>
  );
}

function CnameHint() {
  const t = useTranslate();
  const prefix = (useWatch({ name: 'cnamePrefix' }) as string | undefined)?.trim() || '<prefix>';
  return <>{t('resources.ipP/ipset.help.cnamePrefix', { address: protectionAddress(prefix) })}</>;
}

export function IppForm() {
  const t = useTranslate();
  return (
    <SimpleForm
      validate={validateIpp}
      mode="onSubmit"
      reValidateMode="onChange"
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable data-testid="ipp-save" />
        </Toolbar>
      }
      sx={{ maxWidth: 760 }}
    >
      <TextInput source="originIp" label="resources.ipP/ipset.fields.originIp" fullWidth />
      <IppOwnershipProof />
      <RadioButtonGroupInput
        source="protocol"
        label="resources.ipP/ipset.fields.protocol"
        defaultValue="TCP"
        choices={IPP_PROTOCOLS.map((p) => ({ id: p, name: p }))}
        translateChoice={false}
      />
      <RadioButtonGroupInput
        source="preset"
        label="resources.ipP/ipset.fields.preset"
        defaultValue=""
        choices={[
          { id: '', name: 'resources.ipP/ipset.presets.none' },
          { id: 'server', name: 'resources.ipP/ipset.presets.server' },
          { id: 'web', name: 'resources.ipP/ipset.presets.web' },
        ]}
      />
      <PresetHint />
      <TextInput
        source="ports"
        label="resources.ipP/ipset.fields.ports"
        fullWidth
        format={formatPorts}
        parse={(v: string) => v}
        helperText="resources.ipP/ipset.help.ports"
      />
      <ArrayInput source="ranges" label="resources.ipP/ipset.fields.ranges" defaultValue={[]} helperText="resources.ipP/ipset.help.ranges">
        <SimpleFormIterator inline disableReordering>
          <NumberInput source="start" label="resources.ipP/ipset.fields.start" min={1} max={65535} />
          <NumberInput source="end" label="resources.ipP/ipset.fields.end" min={1} max={65535} />
        </SimpleFormIterator>
      </ArrayInput>
      <Alert severity="info" sx={{ mb: 2, width: '100%' }} data-testid="ipp-forbidden">
        {t('resources.ipP/ipset.help.forbidden', { ports: IPP_FORBIDDEN_PORTS.join(', ') })}
      </Alert>
      <TextInput source="cnamePrefix" label="resources.ipP/ipset.fields.cnamePrefix" fullWidth helperText={<CnameHint />} />
      <TextInput source="remark" label="resources.ipP/ipset.fields.remark" fullWidth multiline minRows={2} />
    </SimpleForm>
  );
}
