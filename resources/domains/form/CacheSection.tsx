import { useEffect, useRef } from 'react';
import { Alert, Button } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { BooleanInput, RadioButtonGroupInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { CacheRule, DomainType, IgnoreParamsMode } from '../../../common/wire/domains';
import {
  CACHE_MATCHES,
  CACHE_UNITS,
  DEFAULT_CACHE_DAYS,
  defaultCacheRules,
  IGNORE_PARAMS_MODES,
} from '../../../common/rules/domains/index';
import { choicesOf, fieldLabel, valueLabel } from '../domainUi';
import { LinesInput, NumberCell, Row, RowsInput, Section, SelectCell, TextCell } from './FormParts';
import { domainRule } from './validators';

const sameRules = (a: CacheRule[] | undefined, b: CacheRule[]) =>
  JSON.stringify((a ?? []).map((r) => [r.match, r.value, Number(r.time), r.unit])) ===
  JSON.stringify(b.map((r) => [r.match, r.value, r.time, r.unit]));

/**
 * Default cache rules follow the business type (download 30 d, static 7 d, vod 30 d): when the type
 * changes and the rules are still the previous type's defaults (or empty), they are replaced.
 * Rules the user edited are kept; the button below applies the defaults on request.
 */
function TypeDefaults() {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue, getValues } = useFormContext();
  const type = useWatch({ name: 'type' }) as DomainType | undefined;
  const previous = useRef<DomainType | undefined>(type);

  useEffect(() => {
    const before = previous.current;
    previous.current = type;
    if (!type || !before || before === type) return;
    const rules = getValues('cacheRules') as CacheRule[] | undefined;
    if (!rules?.length || sameRules(rules, defaultCacheRules(before))) {
      setValue('cacheRules', defaultCacheRules(type), { shouldDirty: true });
      notify('resources.cdn/domain.help.typeDefaultsApplied', { type: 'info', messageArgs: { type: translate(valueLabel('type', type)) } });
    }
  }, [type, getValues, setValue, notify, translate]);

  const apply = () => setValue('cacheRules', defaultCacheRules(type ?? 'download'), { shouldDirty: true });
  const typeName = translate(valueLabel('type', type ?? 'download'));
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      action={
        <Button
          color="inherit"
          size="small"
          startIcon={<RestartAltIcon />}
          onClick={apply}
          data-testid="cache-defaults"
          sx={{ whiteSpace: 'nowrap', textTransform: 'none' }}
        >
          {translate('resources.cdn/domain.actions.useDefaults')}
        </Button>
      }
    >
      {translate('resources.cdn/domain.help.cacheRules')}{' '}
      {translate('resources.cdn/domain.help.defaultCache', { days: DEFAULT_CACHE_DAYS[type ?? 'download'], type: typeName })}
    </Alert>
  );
}

function IgnoreParamsLists() {
  const mode = useWatch({ name: 'ignoreParams.mode' }) as IgnoreParamsMode | undefined;
  if (!mode || mode === 'off') return null;
  return (
    <Row>
      {(mode === 'keep' || mode === 'remove') && <LinesInput source="ignoreParams.params" label="ignoreParamsParams" />}
      <LinesInput source="ignoreParams.paths" label="ignoreParamsPaths" />
    </Row>
  );
}

/** Cache rules in priority order (move up / down), ignore-parameter settings, header overrides. */
export function CacheSection() {
  return (
    <>
      <Section title="resources.cdn/domain.tabs.cache">
        <TypeDefaults />
        <RowsInput
          source="cacheRules"
          label={fieldLabel('cacheRules')}
          validate={domainRule('cacheRules')}
          helperText="resources.cdn/domain.help.cacheValue"
          reorder
          itemLabel={(i) => `${i + 1}`}
        >
          <SelectCell source="match" label="match" width={140} values={CACHE_MATCHES} defaultValue="path" />
          <TextCell source="value" label="value" width={340} />
          <NumberCell source="time" label="time" width={120} defaultValue={30} />
          <SelectCell source="unit" label="unit" width={120} values={CACHE_UNITS} defaultValue="d" validate={domainRule()} />
        </RowsInput>
      </Section>
      <Section title={fieldLabel('ignoreParams')} help="resources.cdn/domain.help.ignoreParams">
        <RadioButtonGroupInput
          helperText={false}
          source="ignoreParams.mode"
          label={false}
          choices={choicesOf('ignoreParams', IGNORE_PARAMS_MODES)}
        />
        <IgnoreParamsLists />
        <BooleanInput source="ignoreExpires" label={fieldLabel('ignoreExpires')} helperText={false} />
        <BooleanInput source="ignoreNoCache" label={fieldLabel('ignoreNoCache')} helperText={false} />
      </Section>
    </>
  );
}
