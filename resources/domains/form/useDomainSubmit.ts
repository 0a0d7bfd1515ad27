import { useCallback, type ReactElement } from 'react';
import { useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { PortalDataProvider } from '../../../dataProviders';
import { PortalApiError } from '../../../dataProviders/http';
import type { Domain, DomainInput } from '../../../common/wire/domains';
import { BUCKET_CONFIRM_CODE } from '../../../common/rules/domains/index';
import { DOMAIN_RESOURCE } from '../domainUi';
import { originSignature, toDomainInput, type DomainFormValues } from './formValues';
import { useAsk } from './useAsk';
import { isDomainFieldErrors, ruleMessageKey, submissionErrors } from './validators';
import { useSaveFailure } from '../../../src/kit/staleWrite';

type Errors = Record<string, string> | undefined;

/**
 * The save flow of the add and edit forms (spec §5):
 * ICP registry check → origin probe (on failure: 'proceed anyway?') → add / update → when the
 * bucket is bound elsewhere, ask and resend confirmed → notify and back to the list, where the
 * row shows configuring until the issuing job is done. Server field errors land on their inputs.
 */
export function useDomainSubmit(record?: Domain): {
  onSubmit: (values: FieldValues) => Promise<Errors>;
  dialog: ReactElement;
  staleDialog: ReactElement;
} {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const { ask, dialog } = useAsk();
  const queryClient = useQueryClient();

  // A stale edit (someone else saved first) says so in a dialog; the form keeps what was typed.
  const { onError: showError, staleDialog } = useSaveFailure();

  const onSubmit = useCallback(
    async (values: FieldValues): Promise<Errors> => {
      const form = values as DomainFormValues;
      const input = toDomainInput({ ...form, name: record?.name ?? form.name });
      const before = record ? toDomainInput(record) : null;

      if (input.icp && input.icp !== before?.icp) {
        const icp = await dataProvider.domainCheckIcp({ icp: input.icp, domain: input.name });
        if (icp.result !== 200) return { icp: translate(icp.msg, { _: icp.msg }) };
      }

      if (!before || originSignature(input) !== originSignature(before)) {
        const probe = await dataProvider.domainTestUrl({
          name: input.name,
          origins: input.origins,
          testUrl: input.testUrl,
          backProtocol: input.backProtocol,
          backHost: input.backHost,
        });
        if (probe.result !== 200) {
          const proceed = await ask({
            title: 'resources.cdn/domain.confirm.testFailedTitle',
            content: 'resources.cdn/domain.confirm.testFailedContent',
            args: { reason: translate(probe.msg, { _: probe.msg }) },
            confirm: 'resources.cdn/domain.confirm.proceed',
          });
          if (!proceed) return undefined;
        }
      }

      const save = (data: DomainInput & { confirmBucket?: boolean }) =>
        record
          ? dataProvider.update<Domain>(DOMAIN_RESOURCE, { id: record.id, data, previousData: record })
          : dataProvider.create<Domain>(DOMAIN_RESOURCE, { data });
      try {
        try {
          await save(input);
        } catch (e) {
          if (!(e instanceof PortalApiError && String(e.code) === BUCKET_CONFIRM_CODE)) throw e;
          const bind = await ask({ title: 'resources.cdn/domain.confirm.bucketTitle', content: ruleMessageKey('domainBucketBound') });
          if (!bind) return undefined;
          await save({ ...input, confirmBucket: true });
        }
      } catch (e) {
        showError(e);
        if (e instanceof PortalApiError && isDomainFieldErrors(e.data) && e.data.length) return submissionErrors(e.data, translate);
        return undefined;
      }
      notify(record ? 'resources.cdn/domain.notifications.updated' : 'resources.cdn/domain.notifications.created', { type: 'success' });
      // Drop cached pages so the list opens with the row configuring, not with what it was before.
      queryClient.removeQueries({ queryKey: [DOMAIN_RESOURCE] });
      redirect('list', DOMAIN_RESOURCE);
      return undefined;
    },
    [record, dataProvider, translate, ask, notify, redirect, showError, queryClient],
  );

  return { onSubmit, dialog, staleDialog };
}
