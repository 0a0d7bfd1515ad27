import { DeleteWithConfirmButton, useNotify, useRecordContext, useRedirect } from 'react-admin';
import type { SubAccountRecord } from '../../../dataProviders/cloud/users';
import { SUB_ACCOUNT_RESOURCE } from '../../../dataProviders/cloud/users';
import { refreshUserInfo } from './refreshUserInfo';

/**
 * Delete with a confirmation naming the sub-account. Refusals (users or domains left) come back as
 * the server's message; after success the stored account tree is refreshed and the list shown.
 */
export function SubAccountDeleteButton() {
  const record = useRecordContext<SubAccountRecord>();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle="resources.page/userAccount.deleteTitle"
      confirmContent="resources.page/userAccount.deleteContent"
      translateOptions={{ identity: record.identity, company: record.companyName }}
      mutationOptions={{
        onSuccess: async () => {
          notify('resources.page/userAccount.deleted', { type: 'success' });
          await refreshUserInfo();
          redirect('list', SUB_ACCOUNT_RESOURCE);
        },
      }}
    />
  );
}
