import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import {
  ArrayInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '../../../dataProviders';
import type { BackHost, DomainOrigin } from '../../../common/wire/domains';
import { BACK_PROTOCOLS, ORIGIN_ROLES, ORIGIN_TYPES } from '../../../common/rules/domains/index';
import { choicesOf, fieldLabel } from '../domainUi';
import { ALWAYS_SHOW_ACTIONS, AddRowButton, Row, Section } from './FormParts';
import { toDomainInput } from './formValues';
import { domainRule } from './validators';

/** Probes origin + test URL now (the same probe runs again before saving). */
function TestUrlButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { getValues, trigger } = useFormContext();
  const [busy, setBusy] = useState(false);
  const test = async () => {
    const ok = await trigger(['testUrl', 'origins']);
    if (!ok) return;
    const input = toDomainInput(getValues());
    setBusy(true);
    try {
      const res = await dataProvider.domainTestUrl({
        name: input.name,
        origins: input.origins,
        testUrl: input.testUrl,
        backProtocol: input.backProtocol,
        backHost: input.backHost,
      });
      if (res.result === 200) notify('resources.cdn/domain.notifications.testOk', { type: 'success' });
      else
        notify('resources.cdn/domain.notifications.testFailed', {
          type: 'error',
          messageArgs: { reason: translate(res.msg, { _: res.msg }) },
        });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={test}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <NetworkCheckIcon />}
      sx={{ mt: 1.25, height: 40 }}
      data-testid="test-url"
    >
      {translate('resources.cdn/domain.actions.testUrl')}
    </Button>
  );
}

function CustomBackHost() {
  const mode = useWatch({ name: 'backHost.mode' }) as BackHost['mode'] | undefined;
  if (mode !== 'custom') return null;
  return (
    <TextInput
      fullWidth={false}
      source="backHost.value"
      label={fieldLabel('backHostValue')}
      validate={domainRule()}
      sx={{ minWidth: 320 }}
      isRequired
    />
  );
}

/** The bucket note only matters when an origin is a cloud-storage bucket. */
function BucketNote() {
  const origins = useWatch({ name: 'origins' }) as DomainOrigin[] | undefined;
  if (!(origins ?? []).some((o) => o?.type === 'bucket')) return null;
  return <TextInput fullWidth={false} source="cloudStorage" label={fieldLabel('cloudStorage')} sx={{ minWidth: 420 }} helperText={false} />;
}

/** Origins (role, type, address, port, weight) and how the edge goes back to them. */
export function OriginSection() {
  return (
    <>
      <Section title="resources.cdn/domain.tabs.origin" help="resources.cdn/domain.help.origins">
        <ArrayInput source="origins" label={fieldLabel('origins')} validate={domainRule('origins')}>
          <SimpleFormIterator
            addButton={<AddRowButton />}
            inline
            disableReordering
            disableClear
            getItemLabel={(i) => `#${i + 1}`}
            sx={ALWAYS_SHOW_ACTIONS}
          >
            <SelectInput
              fullWidth={false}
              source="role"
              label={fieldLabel('role')}
              choices={choicesOf('role', ORIGIN_ROLES)}
              defaultValue="main"
              helperText={false}
              sx={{ width: 130 }}
            />
            <SelectInput
              fullWidth={false}
              source="type"
              label={fieldLabel('originType')}
              choices={choicesOf('originType', ORIGIN_TYPES)}
              defaultValue="domain"
              helperText={false}
              sx={{ width: 180 }}
            />
            <TextInput
              fullWidth={false}
              source="address"
              label={fieldLabel('address')}
              validate={domainRule()}
              helperText={false}
              sx={{ width: 280 }}
            />
            <NumberInput
              fullWidth={false}
              source="port"
              label={fieldLabel('port')}
              validate={domainRule()}
              defaultValue={80}
              helperText={false}
              sx={{ width: 110 }}
            />
            <NumberInput
              fullWidth={false}
              source="weight"
              label={fieldLabel('weight')}
              validate={domainRule()}
              defaultValue={10}
              helperText={false}
              sx={{ width: 100 }}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <BucketNote />
      </Section>
      <Section title="resources.cdn/domain.show.backSettings">
        <RadioButtonGroupInput
          helperText={false}
          source="backProtocol"
          label={fieldLabel('backProtocol')}
          choices={choicesOf('backProtocol', BACK_PROTOCOLS)}
        />
        <Row>
          <RadioButtonGroupInput
            helperText={false}
            source="backHost.mode"
            label={fieldLabel('backHost')}
            choices={choicesOf('backHost', ['follow', 'custom'] as const)}
          />
          <CustomBackHost />
        </Row>
        <Row>
          <TextInput
            fullWidth={false}
            source="backDir"
            label={fieldLabel('backDir')}
            validate={domainRule()}
            helperText="resources.cdn/domain.help.backDir"
            sx={{ minWidth: 320 }}
          />
          <TextInput
            fullWidth={false}
            source="testUrl"
            label={fieldLabel('testUrl')}
            validate={domainRule()}
            helperText="resources.cdn/domain.help.testUrl"
            sx={{ minWidth: 320 }}
            isRequired
          />
          <TestUrlButton />
        </Row>
      </Section>
    </>
  );
}
