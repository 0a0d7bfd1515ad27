import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { zh } from './zh';
import { readLanguage } from '../src/auth/storage';

export type Locale = 'zh' | 'en';

export const LOCALES = [
  { locale: 'zh', name: '简体中文' },
  { locale: 'en', name: 'English' },
];

export const initialLocale = (): Locale => (readLanguage() === 'english' ? 'en' : 'zh');

let english: TranslationMessages | undefined;

/**
 * The English messages, a chunk of their own loaded on demand: Chinese is the default language, so
 * the sign-in page's first load carries one language, not two. An English user's start awaits this
 * before the first render (src/main.tsx); a switch to English awaits it in changeLocale.
 */
export async function loadEnglish(): Promise<TranslationMessages> {
  english ??= (await import('./en')).en;
  return english;
}

/**
 * The app's provider, starting in the stored language. English must be loaded first if that is it;
 * if its chunk could not be loaded, the portal starts in Chinese (the switch can try again).
 */
export function createI18nProvider(locale: Locale = initialLocale()): I18nProvider {
  const start = locale === 'en' && !english ? 'zh' : locale;
  return polyglotI18nProvider((l) => (l === 'en' ? (english ?? loadEnglish()) : zh), start, LOCALES, { allowMissing: true });
}
