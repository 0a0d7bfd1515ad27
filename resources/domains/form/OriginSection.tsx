import { Button } from '@mui/material';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '../../../dataProviders';
import type { BackHost, DomainOrigin } from '../../../common/wire/domains';
import { BACK_PROTOCOLS, ORIGIN_ROLES, ORIGIN_TYPES } from '../../../common/rules/domains/index';
import { fieldLabel } from '../domainUi';
import { GroupRadios, NumberCell, Row, RowsInput, Section, SelectCell, TextCell, useDomainCheck } from './FormParts';
import { toDomainInput } from './formValues';
import { domainRule } from './validators';
import { Spinner } from '../../../src/kit/Progress';

/** Probes origin + test URL now (the same probe runs again before saving). */
function TestUrlButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { getValues, trigger } = useFormContext();
  const { busy, run } = useDomainCheck('resources.cdn/domain.notifications.testOk', 'resources.cdn/domain.notifications.testFailed');
  const test = async () => {
    const ok = await trigger(['testUrl', 'origins']);
    if (!ok) return;
    const input = toDomainInput(getValues());
    await run(() =>
      dataProvider.domainTestUrl({
        name: input.name,
        origins: input.origins,
        testUrl: input.testUrl,
        backProtocol: input.backProtocol,
        backHost: input.backHost,
      }),
    );
  };
  return (
    <Button
      variant="outlined"
      onClick={test}
      disabled={busy}
      startIcon={busy ? <Spinner size={14} /> : <NetworkCheckIcon />}
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
        <RowsInput source="origins" label={fieldLabel('origins')} validate={domainRule('origins')} itemLabel={(i) => `#${i + 1}`}>
          <SelectCell source="role" label="role" width={130} values={ORIGIN_ROLES} defaultValue="main" />
          <SelectCell source="type" label="originType" width={180} values={ORIGIN_TYPES} defaultValue="domain" />
          <TextCell source="address" label="address" width={280} />
          <NumberCell source="port" label="port" width={110} defaultValue={80} />
          <NumberCell source="weight" label="weight" width={100} defaultValue={10} />
        </RowsInput>
        <BucketNote />
      </Section>
      <Section title="resources.cdn/domain.show.backSettings">
        <GroupRadios source="backProtocol" group="backProtocol" values={BACK_PROTOCOLS} />
        <Row>
          <GroupRadios source="backHost.mode" group="backHost" values={['follow', 'custom'] as const} />
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
