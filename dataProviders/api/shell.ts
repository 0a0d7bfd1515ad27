import { callEnvelope, get } from '../http';
import { aesEncrypt } from '../cipher';
import type { UserInfo } from '../../src/auth/userInfo';
import type { SignInQuery } from '../../common/wire/shell/session';

type RawUserInfo = Omit<UserInfo, 'treeData' | 'account_all'>;

/** Sign-in calls of the api backend (contract: /api/newLogin, /api/newAutoLogin, /api/logout). */
export const sessionApi = {
  /** Password AES-ECB/PKCS7 with the configured key; axios URL-encodes both fields. */
  login: (username: string, password: string) => {
    const params: SignInQuery = { username, password: aesEncrypt(password) };
    return callEnvelope<RawUserInfo>({ method: 'GET', url: '/api/newLogin', params });
  },
  autoLogin: () => get<RawUserInfo>('/api/newAutoLogin'),
  logout: () => callEnvelope<null>({ method: 'GET', url: '/api/logout', successCodes: ['0', '1'] }),
};
