import { callEnvelope } from '../http';
import { aesEncrypt } from '../cipher';
import type { ProviderModule } from '../types';
import { readLanguage } from '../../src/auth/storage';

export interface ChangePasswordInput {
  username: string;
  account: string;
  oldPassword: string;
  newPassword: string;
  /** Sign out the user's other sessions after the change. */
  signOutOthers?: boolean;
}

/**
 * The own-password change (contract row GET /shiro/self/safeupdatepassword): both passwords
 * AES-encrypted with the portal key; the reply's msg ('modify successfully', localised) is returned.
 * Failures reject with PortalApiError (message = the server's msg).
 */
async function changePassword(input: ChangePasswordInput): Promise<string> {
  const env = await callEnvelope<null>({
    method: 'GET',
    url: '/shiro/self/safeupdatepassword',
    params: {
      username: input.username,
      password: aesEncrypt(input.newPassword),
      account: input.account,
      ischinese: readLanguage() === 'chinese' ? 'true' : 'false',
      oldPassword: aesEncrypt(input.oldPassword),
      ...(input.signOutOthers ? { signOutOthers: 'true' } : {}),
    },
  });
  return env.msg ?? '';
}

export const passwordProvider = { methods: { changePassword } } satisfies ProviderModule;
