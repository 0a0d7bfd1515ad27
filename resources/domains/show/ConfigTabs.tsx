import { useTranslate } from 'react-admin';
import type { Domain } from '../../../common/wire/domains';
import { fieldLabel } from '../domainUi';
import { describeSetting } from './describe';
import { Lines, SettingsGrid } from './SettingsGrid';

const ACCESS = ['urlAuth', 'referer', 'uaList', 'ipList'] as const;
const ADVANCED = [
  'protocolRedirect',
  'compression',
  'brotli',
  'originRedirect',
  'rangeOrigin',
  'statusCodeCache',
  'errorPages',
  'responseHeaders',
  'requestHeaders',
  'rewriteRules',
] as const;

function AdvancedGrid({ domain, keys, title }: { domain: Domain; keys: readonly string[]; title: string }) {
  const t = useTranslate();
  return (
    <SettingsGrid
      title={title}
      rows={keys.map((k) => ({
        label: fieldLabel(k),
        value: <Lines lines={describeSetting(t, `advanced.${k}`, domain)} />,
        testId: `setting-${k}`,
      }))}
    />
  );
}

/** URL authentication and the User-Agent, Referer and IP lists. */
export function AccessTab({ domain }: { domain: Domain }) {
  return <AdvancedGrid domain={domain} keys={ACCESS} title="resources.cdn/domain.show.accessSettings" />;
}

/** Redirects, compression, status-code cache, error pages, headers and rewrite rules. */
export function AdvancedTab({ domain }: { domain: Domain }) {
  return <AdvancedGrid domain={domain} keys={ADVANCED} title="resources.cdn/domain.show.advancedSettings" />;
}
