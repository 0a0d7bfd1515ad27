import { EdgeUnsupported } from './EdgeUnsupported';
import { BooleanInput, NumberInput } from 'react-admin';
import { CACHE_UNITS, REWRITE_FLAGS } from '../../../common/rules/domains/index';
import { fieldLabel } from '../domainUi';
import { LinesInput, NumberCell, On, Row, RowsInput, Section, SelectCell, TextCell } from './FormParts';
import { domainRule } from './validators';

function HeaderRules({ source }: { source: string }) {
  return (
    <RowsInput source={source} validate={domainRule(source)}>
      <SelectCell source="action" label="headerAction" width={140} values={['set', 'delete']} defaultValue="set" />
      <TextCell source="name" label="headerName" width={240} />
      <TextCell source="value" label="headerValue" width={340} />
    </RowsInput>
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
            <SelectCell source="advanced.protocolRedirect.target" label="redirectTarget" width={140} values={['http', 'https']} />
            <SelectCell
              source="advanced.protocolRedirect.code"
              label="redirectCode"
              width={140}
              choices={[
                { id: 301, name: '301' },
                { id: 302, name: '302' },
              ]}
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
        <EdgeUnsupported feature="brotli" />
        <Row>
          <BooleanInput
            source="advanced.originRedirect.enabled"
            label={fieldLabel('originRedirect')}
            helperText={false}
            sx={{ minWidth: 220 }}
          />
          <EdgeUnsupported feature="originRedirect" />
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
        <RowsInput source="advanced.statusCodeCache">
          <NumberCell source="code" label="code" width={140} defaultValue={404} />
          <NumberCell source="time" label="time" width={120} defaultValue={10} />
          <SelectCell source="unit" label="unit" width={140} values={CACHE_UNITS} defaultValue="s" />
        </RowsInput>
      </Section>
      <Section title={fieldLabel('errorPages')}>
        <RowsInput source="advanced.errorPages">
          <NumberCell source="code" label="code" width={140} defaultValue={404} />
          <TextCell source="url" label="url" width={420} />
        </RowsInput>
      </Section>
      <Section title={fieldLabel('responseHeaders')}>
        <HeaderRules source="advanced.responseHeaders" />
      </Section>
      <Section title={fieldLabel('requestHeaders')}>
        <HeaderRules source="advanced.requestHeaders" />
      </Section>
      <Section title={fieldLabel('rewriteRules')} help="resources.cdn/domain.help.rewrite">
        <RowsInput source="advanced.rewriteRules" validate={domainRule('advanced.rewriteRules')} reorder>
          <TextCell source="source" label="source" width={280} />
          <TextCell source="target" label="target" width={280} />
          <SelectCell source="flag" label="flag" width={140} values={REWRITE_FLAGS} defaultValue="redirect" />
          <SelectCell source="status" label="ruleStatus" width={140} values={['on', 'off']} defaultValue="on" />
        </RowsInput>
      </Section>
    </>
  );
}
