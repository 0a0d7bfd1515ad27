/** Host rules shared by the server and the screens (issue #17). */

export const HOST_TYPES = ['vps', 'server'] as const;
export type HostType = (typeof HOST_TYPES)[number];

export const HOST_STATUSES = ['running', 'stopped', 'expired', 'creating', 'error'] as const;
export type HostStatus = (typeof HOST_STATUSES)[number];

/** Sortable fields of the lists. */
export const HOST_SORT_FIELDS = [
  'id',
  'hostName',
  'instanceId',
  'publicIp',
  'area',
  'account',
  'cpuCores',
  'memoryGb',
  'diskGb',
  'bandwidthMbps',
  'os',
  'status',
  'createTime',
  'expireTime',
] as const;
export type HostSortField = (typeof HOST_SORT_FIELDS)[number];

/** A host that expires within this many days is shown in the warning colour. */
export const EXPIRING_DAYS = 30;
export const HOST_NAME_MAX = 64;

export type HostNameProblem = 'empty' | 'tooLong' | 'spaces' | 'control';

/** Rename rule: 1–64 characters, no leading or trailing space, no control characters. */
export function hostNameProblem(name: string): HostNameProblem | null {
  if (!name.length || !name.trim().length) return 'empty';
  if ([...name].length > HOST_NAME_MAX) return 'tooLong';
  if (name.trim() !== name) return 'spaces';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  return null;
}

/** Expires within EXPIRING_DAYS from `now` (and has not expired yet). */
export function isExpiringSoon(expireTime: string, now = Date.now()): boolean {
  const t = new Date(expireTime).getTime();
  return t >= now && t < now + EXPIRING_DAYS * 86_400_000;
}
