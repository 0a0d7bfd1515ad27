import { Button, InputAdornment } from '@mui/material';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { PortalDataProvider } from '../../../dataProviders';
import { ADDABLE_DOMAIN_TYPES, DOMAIN_SCOPES } from '../../../common/rules/domains/index';
import { choicesOf, fieldLabel } from '../domainUi';
import { GroupRadios, Row, Section, useDomainCheck } from './FormParts';
import { domainRule } from './validators';
import { Spinner } from '../../../src/kit/Progress';

/** Checks the ICP number with the registry call (POST /api/domain/validation/icp). */
function IcpCheckButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { getValues } = useFormContext();
  const { busy, run } = useDomainCheck('resources.cdn/domain.notifications.icpOk', 'resources.cdn/domain.notifications.icpFailed');
  const check = () =>
    run(() =>
      dataProvider.domainCheckIcp({
        icp: String(getValues('icp') ?? '').trim(),
        domain: String(getValues('name') ?? '').trim(),
      }),
    );
  return (
    <Button
      size="small"
      onClick={check}
      disabled={busy}
      startIcon={busy ? <Spinner size={14} /> : <VerifiedOutlinedIcon />}
      data-testid="check-icp"
    >
      {translate('resources.cdn/domain.actions.checkIcp')}
    </Button>
  );
}

const commaFormat = (v: unknown) => (Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '');
const commaParse = (s: string) => (s === '' ? [] : s.split(','));

/** Name, business type (download / vod / static), scope, ICP number, labels, remark. */
export function BasicSection({ isEdit }: { isEdit: boolean }) {
  return (
    <Section title="resources.cdn/domain.tabs.basic">
      <Row>
        <TextInput
          fullWidth={false}
          source="name"
          label={fieldLabel('name')}
          validate={domainRule()}
          helperText="resources.cdn/domain.help.name"
          readOnly={isEdit}
          sx={{ minWidth: 360 }}
          isRequired
        />
        <SelectInput
          fullWidth={false}
          source="type"
          label={fieldLabel('type')}
          choices={choicesOf('type', ADDABLE_DOMAIN_TYPES)}
          validate={domainRule()}
          helperText="resources.cdn/domain.help.typeAddOnly"
          sx={{ minWidth: 220 }}
          isRequired
        />
      </Row>
      <GroupRadios source="scope" group="scope" values={DOMAIN_SCOPES} validate={domainRule()} isRequired />
      <TextInput
        fullWidth={false}
        source="icp"
        label={fieldLabel('icp')}
        validate={domainRule()}
        helperText="resources.cdn/domain.help.icp"
        sx={{ minWidth: 420 }}
        InputProps={{
          endAdornment: (
            <InputAdornment position="end">
              <IcpCheckButton />
            </InputAdornment>
          ),
        }}
      />
      <TextInput
        fullWidth={false}
        source="labels"
        label={fieldLabel('labels')}
        format={commaFormat}
        parse={commaParse}
        validate={domainRule()}
        sx={{ minWidth: 420 }}
        helperText={false}
      />
      <TextInput
        fullWidth={false}
        source="context"
        label={fieldLabel('context')}
        multiline
        minRows={2}
        validate={domainRule()}
        sx={{ minWidth: 560 }}
        helperText={false}
      />
    </Section>
  );
}
