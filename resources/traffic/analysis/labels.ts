import { useLocaleState, useTranslate } from 'react-admin';
import { countryName } from '../../../src/charts/countryCodes';
import { provinceName } from '../../../src/charts/chinaProvinces';

/** Place and network names in the user's language (country codes, pinyin provinces, ISPs, continents). */
export function useAnalysisLabels() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return {
    locale,
    country: (code: string) => (code ? countryName(code, locale) : translate('pages.cdn/analysisOff.unknown')),
    province: (name: string) => (name ? provinceName(name, locale) : translate('pages.cdn/analysisOff.unknown')),
    isp: (name: string) =>
      name ? translate(`pages.cdn/analysisOff.isps.${name}`, { _: name }) : translate('pages.cdn/analysisOff.unknown'),
    continent: (name: string) =>
      name ? translate(`pages.cdn/analysisOff.continents.${name}`, { _: name }) : translate('pages.cdn/analysisOff.unknown'),
  };
}

export type AnalysisLabels = ReturnType<typeof useAnalysisLabels>;
