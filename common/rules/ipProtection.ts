import type { IppRange } from '../wire/ipProtection';

/**
 * IP protection (issue #19): the rules of a protected-IP entry, shared by the form and the server
 * (pure, no I/O). Spec configuration §3, §5 and §9.
 */

/** Wire values of the entry states (spec §4; docs/ipProtection.md). */
export const IPP_STATUSES = ['toBeConfirmed', 'configuring', 'configured', 'disabling', 'disabled', 'originToBeChecked'] as const;
export type IppStatus = (typeof IPP_STATUSES)[number];

export const IPP_PROTOCOLS = ['TCP', 'UDP'] as const;
export type IppProtocol = (typeof IPP_PROTOCOLS)[number];

/** Firewall presets (spec §9): a server opens 22 and 3389; a web server also 80 and 443. */
export const IPP_PRESETS = { server: [22, 3389], web: [22, 3389, 80, 443] } as const;
export type IppPreset = keyof typeof IPP_PRESETS;

/**
 * Ports that cannot be protected: those the scrubbing service itself answers or that are only ever
 * abused for reflection (SMTP 25, DNS 53, portmapper 111, NetBIOS/SMB 135-139 and 445, SSDP 1900,
 * memcached 11211). Shown in the form.
 */
export const IPP_FORBIDDEN_PORTS: readonly number[] = [25, 53, 111, 135, 137, 138, 139, 445, 1900, 11211];

/** At most this many ports per added range (spec §9). */
export const IPP_MAX_RANGE_PORTS = 100;
export const IPP_MAX_PORTS = 50;
export const IPP_MAX_RANGES = 10;
export const IPP_REMARK_MAX = 100;

/** A port range (its shape is the wire's). */
export type { IppRange };

/** What the form and the create/update bodies carry. */
export interface IppEntryInput {
  originIp: string;
  protocol: IppProtocol;
  ports: number[];
  ranges: IppRange[];
  preset?: IppPreset | '';
  cnamePrefix: string;
  remark?: string;
}

export type IppProblem =
  | { key: 'ippEmpty'; field: string }
  | { key: 'ippFormat'; field: string }
  | { key: 'ippPortsRequired'; field: 'ports' }
  | { key: 'ippRangeRequired'; field: 'ranges' }
  | { key: 'ippRangeError'; field: 'ranges' }
  | { key: 'ippPortOutOfRange'; field: string; port: number }
  | { key: 'ippForbiddenPort'; field: string; port: number }
  | { key: 'ippRangeTooLarge'; field: 'ranges' }
  | { key: 'ippTooManyPorts'; field: 'ports' }
  | { key: 'ippTooManyRanges'; field: 'ranges' }
  | { key: 'ippRemarkTooLong'; field: 'remark' };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARS = /^[0-9A-Fa-f:.]+$/;

/** A literal IPv4 or IPv6 address (IPv6 checked by the URL parser, which both sides have). */
export function isIpAddress(s: string): boolean {
  if (IPV4.test(s)) return true;
  if (!s.includes(':') || !IPV6_CHARS.test(s) || s.length > 45) return false;
  try {
    return new URL(`http://[${s}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export const CNAME_PREFIX = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The entry's protection address: its cname prefix under the provider's zone. */
export const IPP_ZONE = 'ipp.cdnportal.net';
export const protectionAddress = (prefix: string) => `${prefix.toLowerCase()}.${IPP_ZONE}`;

const validPort = (p: unknown): p is number => typeof p === 'number' && Number.isInteger(p);

/** The first problem of an entry, or null. */
export function ippEntryProblem(e: IppEntryInput): IppProblem | null {
  const ip = (e.originIp ?? '').trim();
  if (!ip) return { key: 'ippEmpty', field: 'originIp' };
  if (!isIpAddress(ip)) return { key: 'ippFormat', field: 'originIp' };
  const prefix = (e.cnamePrefix ?? '').trim();
  if (!prefix) return { key: 'ippEmpty', field: 'cnamePrefix' };
  if (!CNAME_PREFIX.test(prefix)) return { key: 'ippFormat', field: 'cnamePrefix' };
  if ((e.remark ?? '').length > IPP_REMARK_MAX) return { key: 'ippRemarkTooLong', field: 'remark' };
  const presetPorts = e.preset ? IPP_PRESETS[e.preset] : [];
  const ports = e.ports ?? [];
  const ranges = e.ranges ?? [];
  if (!ports.length && !ranges.length && !presetPorts.length) return { key: 'ippPortsRequired', field: 'ports' };
  if (ports.length > IPP_MAX_PORTS) return { key: 'ippTooManyPorts', field: 'ports' };
  if (ranges.length > IPP_MAX_RANGES) return { key: 'ippTooManyRanges', field: 'ranges' };
  for (const p of ports) {
    if (!validPort(p)) return { key: 'ippFormat', field: 'ports' };
    if (p < 1 || p > 65535) return { key: 'ippPortOutOfRange', field: 'ports', port: p };
    if (IPP_FORBIDDEN_PORTS.includes(p)) return { key: 'ippForbiddenPort', field: 'ports', port: p };
  }
  for (const r of ranges) {
    if (r?.start === undefined || r?.end === undefined || r.start === null || r.end === null)
      return { key: 'ippRangeRequired', field: 'ranges' };
    if (!validPort(r.start) || !validPort(r.end)) return { key: 'ippFormat', field: 'ranges' };
    for (const p of [r.start, r.end]) if (p < 1 || p > 65535) return { key: 'ippPortOutOfRange', field: 'ranges', port: p };
    if (r.start >= r.end) return { key: 'ippRangeError', field: 'ranges' };
    if (r.end - r.start + 1 > IPP_MAX_RANGE_PORTS) return { key: 'ippRangeTooLarge', field: 'ranges' };
    const forbidden = IPP_FORBIDDEN_PORTS.find((f) => f >= r.start && f <= r.end);
    if (forbidden !== undefined) return { key: 'ippForbiddenPort', field: 'ranges', port: forbidden };
  }
  return null;
}

/**
 * Duplicates merged: the preset's ports join the list, the list is sorted without repeats, ports a
 * range covers leave the list, equal or overlapping ranges become one.
 */
export function normalizePorts(ports: number[], ranges: IppRange[], preset?: IppPreset | ''): { ports: number[]; ranges: IppRange[] } {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: IppRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  const all = new Set<number>([...ports, ...(preset ? IPP_PRESETS[preset] : [])]);
  const list = [...all].filter((p) => !merged.some((r) => p >= r.start && p <= r.end)).sort((a, b) => a - b);
  return { ports: list, ranges: merged };
}

/** Every protected port of an entry, ascending. */
export function expandPorts(ports: number[], ranges: IppRange[]): number[] {
  const all = new Set(ports);
  for (const r of ranges) for (let p = r.start; p <= r.end; p++) all.add(p);
  return [...all].sort((a, b) => a - b);
}

/** Parses the form's text of ports ("80, 443 8080") into numbers; null on a bad token. */
export function parsePortList(text: string): number[] | null {
  const tokens = text.split(/[\s,，;；]+/).filter(Boolean);
  const out: number[] = [];
  for (const t of tokens) {
    if (!/^\d{1,5}$/.test(t)) return null;
    out.push(Number(t));
  }
  return out;
}

/** Which actions each state allows (a forbidden transition is refused with ippStateBlocked). */
export const IPP_ACTIONS = {
  update: ['toBeConfirmed', 'configured', 'disabled', 'originToBeChecked'],
  delete: ['toBeConfirmed', 'configured', 'disabled', 'originToBeChecked'],
  enable: ['disabled'],
  disable: ['toBeConfirmed', 'configured', 'originToBeChecked'],
  checkConfig: ['configured', 'originToBeChecked'],
} as const satisfies Record<string, readonly IppStatus[]>;
export type IppAction = keyof typeof IPP_ACTIONS;

export const ippAllows = (action: IppAction, status: IppStatus) => (IPP_ACTIONS[action] as readonly IppStatus[]).includes(status);

/** Alarm types and states (docs/ipProtection.md). */
export const IPP_ALARM_TYPES = ['synFlood', 'udpFlood', 'icmpFlood', 'other'] as const;
export type IppAlarmType = (typeof IPP_ALARM_TYPES)[number];
export const IPP_ALARM_STATES = ['ongoing', 'ended'] as const;
export type IppAlarmState = (typeof IPP_ALARM_STATES)[number];

/** Statistic granularities: 5 minutes, 1 hour, 1 day (in seconds). */
export const IPP_GRANULARITIES = { '5m': 300, '1h': 3600, '1d': 86400 } as const;
export type IppGranularity = keyof typeof IPP_GRANULARITIES;

/** Region slices of the area chart: the top 9 kept, the rest summed as one 'Other' slice (spec §9). */
export const IPP_TOP_REGIONS = 9;
export const IPP_OTHER_REGION = 'Other';

export function topRegions(byRegion: Record<string, number>, keep = IPP_TOP_REGIONS): Record<string, number> {
  const entries = Object.entries(byRegion)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const out: Record<string, number> = {};
  for (const [k, v] of entries.slice(0, keep)) out[k] = v;
  const rest = entries.slice(keep).reduce((s, [, v]) => s + v, 0);
  if (entries.length > keep) out[IPP_OTHER_REGION] = (out[IPP_OTHER_REGION] ?? 0) + rest;
  return out;
}
