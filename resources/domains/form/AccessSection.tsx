import { EdgeUnsupported } from './EdgeUnsupported';
import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { LIST_MODES } from '../../../common/rules/domains/index';
import { fieldLabel } from '../domainUi';
import { LinesInput, On, ListOn, Row, Section, SelectCell } from './FormParts';
import { domainRule } from './validators';

/** A black / white list: its mode, then (unless off) its values and any extra input. */
function ListSection({ list, help, children }: { list: 'referer' | 'uaList' | 'ipList'; help?: string; children?: ReactNode }) {
  return (
    <Section title={fieldLabel(list)} help={help}>
      <Row>
        <SelectCell source={`advanced.${list}.mode`} label="listMode" width={160} values={LIST_MODES} />
        <ListOn name={`advanced.${list}.mode`}>
          <LinesInput source={`advanced.${list}.values`} label="listValues" />
          {children}
        </ListOn>
      </Row>
    </Section>
  );
}

/** URL authentication, User-Agent, Referer and IP black/white lists. */
export function AccessSection() {
  return (
    <>
      <Section title={fieldLabel('urlAuth')} help="resources.cdn/domain.help.urlAuth">
        <BooleanInput source="advanced.urlAuth.enabled" label={fieldLabel('urlAuth')} helperText={false} />
        <EdgeUnsupported feature="urlAuth" />
        <On name="advanced.urlAuth.enabled">
          <Row>
            <SelectCell source="advanced.urlAuth.type" label="authType" width={160} values={['A', 'B', 'C']} />
            <TextInput
              fullWidth={false}
              source="advanced.urlAuth.secret"
              label={fieldLabel('secret')}
              validate={domainRule()}
              sx={{ width: 320 }}
            />
            <NumberInput
              fullWidth={false}
              source="advanced.urlAuth.time"
              label={fieldLabel('authTime')}
              validate={domainRule()}
              sx={{ width: 200 }}
            />
          </Row>
        </On>
      </Section>
      <ListSection list="referer" help="resources.cdn/domain.help.lists">
        <BooleanInput source="advanced.referer.allowEmpty" label={fieldLabel('allowEmpty')} helperText={false} sx={{ mt: 1 }} />
      </ListSection>
      <ListSection list="uaList" help="resources.cdn/domain.help.uaList" />
      <ListSection list="ipList" />
    </>
  );
}
