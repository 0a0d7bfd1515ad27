/**
 * Value formats of the domain rules (pure): host names, IP addresses and networks, Chinese ICP
 * numbers, header and parameter names, referer entries, rewrite URLs. Re-exported by domainRules.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Host name with at least two labels and an alphabetic TLD; wildcard '*.' only when allowed. */
export function isDomainName(value: string, allowWildcard = false): boolean {
  let v = value.trim().toLowerCase();
  if (!v || v.length > 253) return false;
  if (allowWildcard && v.startsWith('*.')) v = v.slice(2);
  const labels = v.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1];
  return labels.every((l) => LABEL.test(l)) && TLD.test(tld);
}

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isIPv6(value: string): boolean {
  let v = value;
  if (!v.includes(':')) return false;
  // An embedded IPv4 tail counts as two groups.
  const lastColon = v.lastIndexOf(':');
  const tail = v.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return false;
    v = v.slice(0, lastColon + 1) + '0:0';
  }
  const halves = v.split('::');
  if (halves.length > 2) return false;
  const group = /^[0-9a-f]{1,4}$/i;
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if (![...head, ...rest].every((g) => group.test(g))) return false;
  const count = head.length + rest.length;
  return halves.length === 2 ? count < 8 : count === 8;
}

export const isIp = (value: string) => isIPv4(value) || isIPv6(value);

/** IP or CIDR network (v4 /0–32, v6 /0–128). */
export function isIpOrCidr(value: string): boolean {
  const [ip, bits, more] = value.trim().split('/');
  if (more !== undefined) return false;
  if (bits === undefined) return isIp(ip);
  if (!/^\d{1,3}$/.test(bits)) return false;
  return isIPv4(ip) ? Number(bits) <= 32 : isIPv6(ip) && Number(bits) <= 128;
}

const ICP_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const ICP_RE = new RegExp(`^[${ICP_PROVINCES}]ICP(?:备\\d{6,12}号(?:-\\d{1,4})?|证\\d{6}号)$`);

/** Chinese ICP filing number: 京ICP备12345678号, 京ICP备12345678号-1, or licence 京ICP证030173号. */
export function isIcpNumber(value: string): boolean {
  return ICP_RE.test(value.trim());
}

export const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** Headers the edge manages itself. */
export const FORBIDDEN_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer', 'keep-alive'];
export const PARAM_NAME = /^[A-Za-z0-9_.\-[\]]{1,64}$/;
export const SUFFIX = /^[A-Za-z0-9_-]{1,16}$/;

/** Comma/space/newline separated list → trimmed non-empty entries. */
export function splitList(value: string): string[] {
  return value
    .split(/[,\s，]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A referer entry: a host name, optionally wildcard ('*.example.com') or with a path. */
export function isRefererEntry(v: string): boolean {
  const host = v.replace(/^https?:\/\//, '').split('/')[0];
  return isDomainName(host, true) || isIp(host);
}

export function isRewriteSource(v: string): boolean {
  if (!(v.startsWith('/') || v.startsWith('^'))) return false;
  try {
    new RegExp(v);
    return true;
  } catch {
    return false;
  }
}

export const isTargetUrl = (v: string) => v.startsWith('/') || /^https?:\/\/[^\s/]+/.test(v);

/** A domain name as compared: trimmed, lower case, without a trailing dot. */
export function normaliseDomain(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Whether a certificate's name covers a domain (the server's checks and the certificate screens):
 * '*.a.com' covers 'x.a.com', not 'a.com' or 'x.y.a.com'.
 */
export function nameCovers(certName: string, domain: string): boolean {
  const name = normaliseDomain(certName);
  const host = normaliseDomain(domain);
  if (!host) return false;
  if (name === host) return true;
  if (!name.startsWith('*.')) return false;
  const dot = host.indexOf('.');
  return dot > 0 && host.slice(dot + 1) === name.slice(2);
}

export const namesCover = (names: readonly string[], domain: string) => names.some((n) => nameCovers(n, domain));
