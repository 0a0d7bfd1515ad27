/**
 * What the portal keeps in session storage (spec §3, §4): the user info, the username, the language
 * flag and the analysis tab, plus per-screen state that sign-in and sign-out clear.
 */
import type { UserInfo } from './userInfo';

export const KEYS = {
  userinfo: 'userinfo',
  username: 'username',
  language: 'isChinese',
  tab: 'logTab',
  fromUrl: 'fromUrl',
  loginCount: 'loginCount',
} as const;

/** Screen state cleared when the login screen opens and on header logout. */
export const SCREEN_STATE_KEYS = ['serviceInfo', 'overview', 'log', 'analysis', 'selfUsers', 'lines', 'customAccounts'];

const store = () => (typeof window !== 'undefined' ? window.sessionStorage : undefined);

export function readUserInfo(): UserInfo | null {
  const raw = store()?.getItem(KEYS.userinfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

export function writeUserInfo(info: UserInfo): void {
  store()?.setItem(KEYS.userinfo, JSON.stringify(info));
  store()?.setItem(KEYS.username, info.username);
}

export type Language = 'chinese' | 'english';

export function readLanguage(): Language {
  return store()?.getItem(KEYS.language) === 'english' ? 'english' : 'chinese';
}

export function writeLanguage(lang: Language): void {
  store()?.setItem(KEYS.language, lang);
}

export function clearScreenState(): void {
  for (const k of SCREEN_STATE_KEYS) store()?.removeItem(k);
}

/** Session end / logout: user info, username, tab and language flags go. */
export function clearSession(): void {
  const s = store();
  if (!s) return;
  for (const k of [KEYS.userinfo, KEYS.username, KEYS.tab, KEYS.language]) s.removeItem(k);
  clearScreenState();
}
