import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { LIST_MODES } from '../../../common/rules/domains/index';
import { choicesOf, fieldLabel } from '../domainUi';
import { LinesInput, On, ListOn, Row, Section } from './FormParts';
import { domainRule } from './validators';

/** URL authentication, User-Agent, Referer and IP black/white lists. */
export function AccessSection() {
  return (
    <>
      <Section title={fieldLabel('urlAuth')} help="resources.cdn/domain.help.urlAuth">
        <BooleanInput source="advanced.urlAuth.enabled" label={fieldLabel('urlAuth')} helperText={false} />
        <On name="advanced.urlAuth.enabled">
          <Row>
            <SelectInput
              fullWidth={false}
              source="advanced.urlAuth.type"
              label={fieldLabel('authType')}
              choices={choicesOf('authType', ['A', 'B', 'C'] as const)}
              helperText={false}
              sx={{ width: 160 }}
            />
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
      <Section title={fieldLabel('referer')} help="resources.cdn/domain.help.lists">
        <Row>
          <SelectInput
            fullWidth={false}
            source="advanced.referer.mode"
            label={fieldLabel('listMode')}
            choices={choicesOf('listMode', LIST_MODES)}
            helperText={false}
            sx={{ width: 160 }}
          />
          <ListOn name="advanced.referer.mode">
            <LinesInput source="advanced.referer.values" label="listValues" />
            <BooleanInput source="advanced.referer.allowEmpty" label={fieldLabel('allowEmpty')} helperText={false} sx={{ mt: 1 }} />
          </ListOn>
        </Row>
      </Section>
      <Section title={fieldLabel('uaList')} help="resources.cdn/domain.help.uaList">
        <Row>
          <SelectInput
            fullWidth={false}
            source="advanced.uaList.mode"
            label={fieldLabel('listMode')}
            choices={choicesOf('listMode', LIST_MODES)}
            helperText={false}
            sx={{ width: 160 }}
          />
          <ListOn name="advanced.uaList.mode">
            <LinesInput source="advanced.uaList.values" label="listValues" />
          </ListOn>
        </Row>
      </Section>
      <Section title={fieldLabel('ipList')}>
        <Row>
          <SelectInput
            fullWidth={false}
            source="advanced.ipList.mode"
            label={fieldLabel('listMode')}
            choices={choicesOf('listMode', LIST_MODES)}
            helperText={false}
            sx={{ width: 160 }}
          />
          <ListOn name="advanced.ipList.mode">
            <LinesInput source="advanced.ipList.values" label="listValues" />
          </ListOn>
        </Row>
      </Section>
    </>
  );
}
