import { ArrayInput, BooleanInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { CACHE_UNITS, REWRITE_FLAGS } from '../../../common/rules/domains/index';
import { choicesOf, fieldLabel } from '../domainUi';
import { ALWAYS_SHOW_ACTIONS, AddRowButton, LinesInput, On, Row, Section } from './FormParts';
import { domainRule } from './validators';

const narrow = { helperText: false as const, sx: { width: 140 } };

function HeaderRules({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={false} validate={domainRule(source)}>
      <SimpleFormIterator addButton={<AddRowButton />} inline disableClear disableReordering sx={ALWAYS_SHOW_ACTIONS}>
        <SelectInput
          fullWidth={false}
          source="action"
          label={fieldLabel('headerAction')}
          choices={choicesOf('headerAction', ['set', 'delete'] as const)}
          defaultValue="set"
          {...narrow}
        />
        <TextInput
          fullWidth={false}
          source="name"
          label={fieldLabel('headerName')}
          validate={domainRule()}
          helperText={false}
          sx={{ width: 240 }}
        />
        <TextInput
          fullWidth={false}
          source="value"
          label={fieldLabel('headerValue')}
          validate={domainRule()}
          helperText={false}
          sx={{ width: 340 }}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Delivery features: redirects, compression, status-code cache, error pages, headers, rewrites. */
export function AdvancedSection() {
  return (
    <>
      <Section title="resources.cdn/domain.show.delivery">
        <Row>
          <BooleanInput
            source="advanced.protocolRedirect.enabled"
            label={fieldLabel('protocolRedirect')}
            validate={domainRule('advanced.protocolRedirect')}
            sx={{ minWidth: 220 }}
          />
          <On name="advanced.protocolRedirect.enabled">
            <SelectInput
              fullWidth={false}
              source="advanced.protocolRedirect.target"
              label={fieldLabel('redirectTarget')}
              choices={choicesOf('redirectTarget', ['http', 'https'] as const)}
              {...narrow}
            />
            <SelectInput
              fullWidth={false}
              source="advanced.protocolRedirect.code"
              label={fieldLabel('redirectCode')}
              choices={[
                { id: 301, name: '301' },
                { id: 302, name: '302' },
              ]}
              {...narrow}
            />
          </On>
        </Row>
        <Row>
          <BooleanInput
            source="advanced.compression.enabled"
            label={fieldLabel('compression')}
            helperText="resources.cdn/domain.help.compression"
            sx={{ minWidth: 220 }}
          />
          <On name="advanced.compression.enabled">
            <LinesInput source="advanced.compression.fileTypes" label="fileTypes" minRows={2} />
            <NumberInput
              fullWidth={false}
              source="advanced.compression.minSizeKb"
              label={fieldLabel('minSizeKb')}
              validate={domainRule()}
              sx={{ width: 180 }}
            />
          </On>
        </Row>
        <BooleanInput source="advanced.brotli.enabled" label={fieldLabel('brotli')} helperText={false} />
        <Row>
          <BooleanInput
            source="advanced.originRedirect.enabled"
            label={fieldLabel('originRedirect')}
            helperText={false}
            sx={{ minWidth: 220 }}
          />
          <On name="advanced.originRedirect.enabled">
            <NumberInput
              fullWidth={false}
              source="advanced.originRedirect.maxHops"
              label={fieldLabel('maxHops')}
              validate={domainRule()}
              sx={{ width: 160 }}
            />
          </On>
        </Row>
        <BooleanInput source="advanced.rangeOrigin" label={fieldLabel('rangeOrigin')} helperText={false} />
      </Section>
      <Section title={fieldLabel('statusCodeCache')}>
        <ArrayInput source="advanced.statusCodeCache" label={false}>
          <SimpleFormIterator addButton={<AddRowButton />} inline disableClear disableReordering sx={ALWAYS_SHOW_ACTIONS}>
            <NumberInput
              fullWidth={false}
              source="code"
              label={fieldLabel('code')}
              validate={domainRule()}
              defaultValue={404}
              helperText={false}
              sx={{ width: 140 }}
            />
            <NumberInput
              fullWidth={false}
              source="time"
              label={fieldLabel('time')}
              validate={domainRule()}
              defaultValue={10}
              helperText={false}
              sx={{ width: 120 }}
            />
            <SelectInput
              fullWidth={false}
              source="unit"
              label={fieldLabel('unit')}
              choices={choicesOf('unit', CACHE_UNITS)}
              defaultValue="s"
              {...narrow}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      <Section title={fieldLabel('errorPages')}>
        <ArrayInput source="advanced.errorPages" label={false}>
          <SimpleFormIterator addButton={<AddRowButton />} inline disableClear disableReordering sx={ALWAYS_SHOW_ACTIONS}>
            <NumberInput
              fullWidth={false}
              source="code"
              label={fieldLabel('code')}
              validate={domainRule()}
              defaultValue={404}
              helperText={false}
              sx={{ width: 140 }}
            />
            <TextInput
              fullWidth={false}
              source="url"
              label={fieldLabel('url')}
              validate={domainRule()}
              helperText={false}
              sx={{ width: 420 }}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
      <Section title={fieldLabel('responseHeaders')}>
        <HeaderRules source="advanced.responseHeaders" />
      </Section>
      <Section title={fieldLabel('requestHeaders')}>
        <HeaderRules source="advanced.requestHeaders" />
      </Section>
      <Section title={fieldLabel('rewriteRules')} help="resources.cdn/domain.help.rewrite">
        <ArrayInput source="advanced.rewriteRules" label={false} validate={domainRule('advanced.rewriteRules')}>
          <SimpleFormIterator addButton={<AddRowButton />} inline disableClear sx={ALWAYS_SHOW_ACTIONS}>
            <TextInput
              fullWidth={false}
              source="source"
              label={fieldLabel('source')}
              validate={domainRule()}
              helperText={false}
              sx={{ width: 280 }}
            />
            <TextInput
              fullWidth={false}
              source="target"
              label={fieldLabel('target')}
              validate={domainRule()}
              helperText={false}
              sx={{ width: 280 }}
            />
            <SelectInput
              fullWidth={false}
              source="flag"
              label={fieldLabel('flag')}
              choices={choicesOf('flag', REWRITE_FLAGS)}
              defaultValue="redirect"
              {...narrow}
            />
            <SelectInput
              fullWidth={false}
              source="status"
              label={fieldLabel('ruleStatus')}
              choices={choicesOf('ruleStatus', ['on', 'off'] as const)}
              defaultValue="on"
              {...narrow}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </Section>
    </>
  );
}
