import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { zh } from './zh';
import { readLanguage } from '../src/auth/storage';

export type Locale = 'zh' | 'en';

export const LOCALES = [
  { locale: 'zh', name: '简体中文' },
  { locale: 'en', name: 'English' },
];

export const initialLocale = (): Locale => (readLanguage() === 'english' ? 'en' : 'zh');

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'en' ? en : zh), initialLocale(), LOCALES, {
  allowMissing: true,
});
