import { sessionApi } from '../../../dataProviders/api/shell';
import { storeSignedInUser } from '../../../src/auth/authProvider';

/**
 * After a sub-account is added or removed, the stored account tree (treeData, account_all) that
 * other screens use for their account pickers is re-read from the server.
 */
export async function refreshUserInfo(): Promise<void> {
  try {
    const raw = await sessionApi.autoLogin();
    if (raw) storeSignedInUser(raw);
  } catch {
    // The change itself succeeded; the tree is refreshed at the next sign-in at the latest.
  }
}
