import type { TranslateFunction as Translate } from 'react-admin';
import type {
  AccessList,
  BackHost,
  CacheRule,
  CacheUnit,
  DomainAdvanced,
  DomainConfig,
  DomainOrigin,
  ErrorPage,
  HeaderRule,
  IgnoreParams,
  RefererList,
  RewriteRule,
  StatusCodeCache,
} from '../../../common/wire/domains';
import { fieldLabel, valueLabel } from '../domainUi';

/**
 * Readable text of every configuration setting, in the user's language: one string per line.
 * Used by the detail view and by the version comparison, so both read the same.
 */
const v = (t: Translate, group: string, value: string | number) => t(valueLabel(group, value), { _: String(value) });
const onOff = (t: Translate, on: boolean) => t(on ? 'resources.cdn/domain.values.on' : 'resources.cdn/domain.values.off');
const none = (t: Translate) => t('resources.cdn/domain.values.none');

export function cacheTime(t: Translate, time: number, unit: CacheUnit): string {
  return Number(time) === 0 ? t('resources.cdn/domain.values.noCache') : `${time} ${v(t, 'unit', unit)}`;
}

const originLine = (t: Translate, o: DomainOrigin) =>
  `${v(t, 'role', o.role)} · ${v(t, 'originType', o.type)} · ${o.address}:${o.port} · ${t(fieldLabel('weight'))} ${o.weight}`;
const cacheLine = (t: Translate, r: CacheRule, i: number) =>
  `${i + 1}. ${v(t, 'match', r.match)} ${r.value} → ${cacheTime(t, r.time, r.unit)}`;
const headerLine = (t: Translate, h: HeaderRule) =>
  h.action === 'delete' ? `${v(t, 'headerAction', 'delete')} ${h.name}` : `${v(t, 'headerAction', 'set')} ${h.name}: ${h.value}`;
const rewriteLine = (t: Translate, r: RewriteRule) =>
  `${r.source} → ${r.target} (${v(t, 'flag', r.flag)}, ${v(t, 'ruleStatus', r.status)})`;

function listLines(t: Translate, list: AccessList | RefererList | undefined): string[] {
  if (!list || list.mode === 'off') return [onOff(t, false)];
  const head = v(t, 'listMode', list.mode) + ('allowEmpty' in list && list.allowEmpty ? ` · ${t(fieldLabel('allowEmpty'))}` : '');
  return [head, ...list.values];
}

function advancedLines(t: Translate, key: keyof DomainAdvanced, a: DomainAdvanced): string[] {
  switch (key) {
    case 'protocolRedirect':
      return a.protocolRedirect.enabled
        ? [`${onOff(t, true)} · ${v(t, 'redirectTarget', a.protocolRedirect.target)} · ${a.protocolRedirect.code}`]
        : [onOff(t, false)];
    case 'compression':
      return a.compression.enabled
        ? [`${onOff(t, true)} · ${t(fieldLabel('minSizeKb'))} ${a.compression.minSizeKb}`, a.compression.fileTypes.join(', ')]
        : [onOff(t, false)];
    case 'brotli':
      return [onOff(t, a.brotli.enabled)];
    case 'originRedirect':
      return a.originRedirect.enabled ? [`${onOff(t, true)} · ${t(fieldLabel('maxHops'))} ${a.originRedirect.maxHops}`] : [onOff(t, false)];
    case 'rangeOrigin':
      return [onOff(t, a.rangeOrigin)];
    case 'statusCodeCache':
      return a.statusCodeCache.length
        ? a.statusCodeCache.map((s: StatusCodeCache) => `${s.code} → ${cacheTime(t, s.time, s.unit)}`)
        : [none(t)];
    case 'errorPages':
      return a.errorPages.length ? a.errorPages.map((p: ErrorPage) => `${p.code} → ${p.url}`) : [none(t)];
    case 'urlAuth':
      return a.urlAuth.enabled
        ? [
            `${onOff(t, true)} · ${v(t, 'authType', a.urlAuth.type)} · ` +
              `${t(fieldLabel('secret'))} ${maskSecret(a.urlAuth.secret)} · ${a.urlAuth.time} s`,
          ]
        : [onOff(t, false)];
    case 'uaList':
      return listLines(t, a.uaList);
    case 'referer':
      return listLines(t, a.referer);
    case 'ipList':
      return listLines(t, a.ipList);
    case 'responseHeaders':
    case 'requestHeaders':
      return a[key].length ? a[key].map((h) => headerLine(t, h)) : [none(t)];
    case 'rewriteRules':
      return a.rewriteRules.length ? a.rewriteRules.map((r) => rewriteLine(t, r)) : [none(t)];
    default:
      return [JSON.stringify(a[key])];
  }
}

/** A secret is shown by its first and last characters only. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return secret.length <= 4 ? '****' : `${secret.slice(0, 2)}****${secret.slice(-2)}`;
}

/** Lines describing `field` ('origins', 'advanced.referer', ...) of a configuration. */
export function describeSetting(t: Translate, field: string, config: Partial<DomainConfig>): string[] {
  if (field.startsWith('advanced.')) {
    const key = field.slice('advanced.'.length) as keyof DomainAdvanced;
    return config.advanced ? advancedLines(t, key, config.advanced) : [none(t)];
  }
  const value = (config as Record<string, unknown>)[field];
  switch (field) {
    case 'origins':
      return ((value as DomainOrigin[]) ?? []).map((o) => originLine(t, o));
    case 'cacheRules':
      return (value as CacheRule[])?.length ? (value as CacheRule[]).map((r, i) => cacheLine(t, r, i)) : [none(t)];
    case 'backHost': {
      const b = value as BackHost;
      return [b?.mode === 'custom' ? `${v(t, 'backHost', 'custom')}: ${b.value}` : v(t, 'backHost', 'follow')];
    }
    case 'ignoreParams': {
      const p = value as IgnoreParams;
      if (!p || p.mode === 'off') return [v(t, 'ignoreParams', 'off')];
      return [
        v(t, 'ignoreParams', p.mode),
        ...(p.params.length ? [p.params.join(', ')] : []),
        ...(p.paths.length ? [p.paths.join(', ')] : []),
      ];
    }
    case 'type':
    case 'scope':
    case 'protocol':
    case 'backProtocol':
      return [v(t, field, String(value))];
    case 'labels':
      return (value as string[])?.length ? [(value as string[]).join(', ')] : [none(t)];
    default:
      if (typeof value === 'boolean') return [t(`resources.cdn/domain.values.${value ? 'yes' : 'no'}`)];
      if (value === null || value === undefined || value === '') return [none(t)];
      return [String(value)];
  }
}

/** Label of a setting for the comparison table. */
export function settingLabel(t: Translate, field: string): string {
  return t(`resources.cdn/domain.diffFields.${field}`, { _: field });
}
