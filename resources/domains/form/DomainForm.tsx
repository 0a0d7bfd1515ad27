import { useMemo } from 'react';
import { SaveButton, TabbedForm, Toolbar, useTranslate } from 'react-admin';
import type { Domain } from '../../../common/wire/domains';
import { emptyDomainInput } from '../../../common/rules/domains/index';
import { AccessSection } from './AccessSection';
import { AdvancedSection } from './AdvancedSection';
import { BasicSection } from './BasicSection';
import { CacheSection } from './CacheSection';
import { HttpsSection } from './HttpsSection';
import { OriginSection } from './OriginSection';
import { useDomainSubmit } from './useDomainSubmit';

function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}

/**
 * Add / edit form in the order a customer sets a domain up: basic → origin → cache → HTTPS →
 * access control → advanced. Tabs with invalid fields turn red; every rule comes from
 * common/rules/domainRules.ts (see validators.ts).
 */
export function DomainForm({ record }: { record?: Domain }) {
  const translate = useTranslate();
  const { onSubmit, dialog, staleDialog } = useDomainSubmit(record);
  const tab = (key: string) => translate(`resources.cdn/domain.tabs.${key}`);
  // Stable: a new object on each render would make the form reset what the user typed.
  const defaults = useMemo(() => (record ? undefined : emptyDomainInput('download')), [record]);
  return (
    <>
      <TabbedForm
        record={record}
        defaultValues={defaults}
        onSubmit={onSubmit}
        toolbar={<FormToolbar />}
        warnWhenUnsavedChanges
        sanitizeEmptyValues={false}
      >
        <TabbedForm.Tab label={tab('basic')}>
          <BasicSection isEdit={Boolean(record)} />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={tab('origin')} path="origin">
          <OriginSection />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={tab('cache')} path="cache">
          <CacheSection />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={tab('https')} path="https">
          <HttpsSection />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={tab('access')} path="access">
          <AccessSection />
        </TabbedForm.Tab>
        <TabbedForm.Tab label={tab('advanced')} path="advanced">
          <AdvancedSection />
        </TabbedForm.Tab>
      </TabbedForm>
      {dialog}
      {staleDialog}
    </>
  );
}
