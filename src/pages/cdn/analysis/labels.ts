import { useLocaleState, useTranslate } from 'react-admin';
import { countryName } from '../../../charts/countryCodes';
import { provinceName } from '../../../charts/chinaProvinces';

/** Place and network names in the user's language (country codes, pinyin provinces, ISPs, continents). */
export function useAnalysisLabels() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return {
    locale,
    country: (code: string) => (code ? countryName(code, locale) : translate('analysis.unknown')),
    province: (name: string) => (name ? provinceName(name, locale) : translate('analysis.unknown')),
    isp: (name: string) => (name ? translate(`analysis.isps.${name}`, { _: name }) : translate('analysis.unknown')),
    continent: (name: string) => (name ? translate(`analysis.continents.${name}`, { _: name }) : translate('analysis.unknown')),
  };
}

export type AnalysisLabels = ReturnType<typeof useAnalysisLabels>;
