import type { Domain, DomainInput } from '../../../common/wire/domains';
import { emptyDomainInput, splitList } from '../../../common/rules/domains/index';

/**
 * The form edits a DomainInput. Lists of words (labels, parameters, referers, ...) are edited as
 * text with one entry per line; the form keeps the raw lines and they are cleaned here.
 */
export type DomainFormValues = DomainInput & Partial<Pick<Domain, 'id' | 'status' | 'operationState'>>;

const words = (v: unknown): string[] => (Array.isArray(v) ? splitList(v.join('\n')) : typeof v === 'string' ? splitList(v) : []);
/** User-Agent patterns may contain spaces: one per line. */
const lines = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split('\n') : []).map((s) => s.trim()).filter(Boolean);

const num = (v: unknown, fallback: number): number => (v === null || v === undefined || v === '' ? fallback : Number(v));

/** Form values (or a stored domain) → the body of add / update, every field present and cleaned. */
export function toDomainInput(values: Partial<DomainFormValues>): DomainInput {
  const base = emptyDomainInput(values.type ?? 'download');
  const v = { ...base, ...values };
  const a = { ...base.advanced, ...(v.advanced ?? {}) };
  const backDir = (v.backDir ?? '').trim() || '/';
  return {
    name: (v.name ?? '').trim(),
    type: v.type,
    scope: v.scope,
    protocol: v.protocol,
    backProtocol: v.backProtocol,
    icp: (v.icp ?? '').trim(),
    forceHTTPS: Boolean(v.forceHTTPS) && v.protocol === 'https',
    certificateId: v.protocol === 'https' && v.certificateId ? String(v.certificateId) : null,
    certificateName: v.protocol === 'https' ? (v.certificateName ?? '') : '',
    cloudStorage: v.cloudStorage ?? '',
    context: v.context ?? '',
    backHost: { mode: v.backHost?.mode ?? 'follow', value: v.backHost?.mode === 'custom' ? (v.backHost.value ?? '') : '' },
    backDir,
    // A directory other than the root is what turns back-directory rewriting on.
    backIsEnable: backDir !== '/',
    testUrl: v.testUrl ?? '',
    origins: (v.origins ?? []).map((o) => ({
      role: o.role ?? 'main',
      type: o.type ?? 'domain',
      address: (o.address ?? '').trim(),
      port: o.port as number,
      weight: num(o.weight, 10),
    })),
    cacheRules: (v.cacheRules ?? []).map((r) => ({
      match: r.match ?? 'path',
      value: r.value ?? '',
      time: r.time as number,
      unit: r.unit ?? 'd',
    })),
    ignoreParams: {
      mode: v.ignoreParams?.mode ?? 'off',
      params: words(v.ignoreParams?.params),
      paths: words(v.ignoreParams?.paths),
    },
    ignoreExpires: Boolean(v.ignoreExpires),
    ignoreNoCache: Boolean(v.ignoreNoCache),
    labels: words(v.labels),
    advanced: {
      ...a,
      compression: { ...a.compression, fileTypes: words(a.compression.fileTypes), minSizeKb: num(a.compression.minSizeKb, 0) },
      originRedirect: { ...a.originRedirect, maxHops: num(a.originRedirect.maxHops, 0) },
      urlAuth: { ...a.urlAuth, secret: (a.urlAuth.secret ?? '').trim(), time: num(a.urlAuth.time, 0) },
      uaList: { ...a.uaList, values: lines(a.uaList.values) },
      referer: { ...a.referer, values: words(a.referer.values) },
      ipList: { ...a.ipList, values: words(a.ipList.values) },
      statusCodeCache: (a.statusCodeCache ?? []).map((s) => ({ ...s, code: Number(s.code), time: s.time })),
      errorPages: (a.errorPages ?? []).map((p) => ({ code: Number(p.code), url: (p.url ?? '').trim() })),
      responseHeaders: (a.responseHeaders ?? []).map((h) => ({
        action: h.action ?? 'set',
        name: (h.name ?? '').trim(),
        value: h.value ?? '',
      })),
      requestHeaders: (a.requestHeaders ?? []).map((h) => ({
        action: h.action ?? 'set',
        name: (h.name ?? '').trim(),
        value: h.value ?? '',
      })),
      rewriteRules: (a.rewriteRules ?? []).map((r) => ({
        source: (r.source ?? '').trim(),
        target: (r.target ?? '').trim(),
        flag: r.flag ?? 'redirect',
        status: r.status ?? 'on',
      })),
    },
  };
}

/** The origin settings the probe depends on; the edit form probes again only when they changed. */
export function originSignature(input: Pick<DomainInput, 'origins' | 'testUrl' | 'backProtocol' | 'backHost' | 'name'>): string {
  return JSON.stringify([input.name, input.origins, input.testUrl, input.backProtocol, input.backHost]);
}

/** Text area format/parse for string lists: one entry per line, raw while typing. */
export const formatLines = (v: unknown): string => (Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : '');
export const parseLines = (s: string): string[] => (s === '' ? [] : s.split('\n'));
