import { useDelete, useNotify, useTranslate } from 'react-admin';
import { useNotifyError } from '../../src/kit/errorText';

/**
 * Deletes a website's policy or rule after the user confirms it by name (the same question, message
 * and error text for both sub-resources).
 */
export function useConfirmedDelete<T extends { id: number; name: string }>(resource: string): (record: T) => void {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [remove] = useDelete<T>();
  return (record) => {
    if (!window.confirm(translate('resources.dcdn/website.confirmDelete', { name: record.name }))) return;
    void remove(resource, { id: record.id, previousData: record }, {
      mutationMode: 'pessimistic',
      onSuccess: () => notify('resources.dcdn/website.deleted', { type: 'success' }),
      onError: (e) => notifyError(e),
    });
  };
}
