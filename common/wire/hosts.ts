import type { HostStatus, HostType } from '../rules/hosts';

/** Wire shapes of the host calls (/api/hostInfo/*, GET /api/area/all), shared by server and client. */

export interface Area {
  code: string;
  nameZh: string;
  nameEn: string;
  continent: string;
}

export interface Host {
  id: number;
  type: HostType;
  hostName: string;
  instanceId: string;
  publicIp: string;
  privateIp: string;
  area: string;
  account: string;
  cpuCores: number;
  memoryGb: number;
  diskGb: number;
  bandwidthMbps: number;
  os: string;
  status: HostStatus;
  createTime: string;
  expireTime: string;
  /** expires within 30 days */
  expiringSoon: boolean;
  /** CPU % over the last hour (null: no samples) */
  cpuAvg: number | null;
  cpuPeak: number | null;
}

/** Sortable fields of the lists. */
export const HOST_SORT_FIELDS = [
  'id', 'hostName', 'instanceId', 'publicIp', 'area', 'account', 'cpuCores', 'memoryGb', 'diskGb', 'bandwidthMbps', 'os', 'status',
  'createTime', 'expireTime',
] as const;
export type HostSortField = (typeof HOST_SORT_FIELDS)[number];

/** Body of the list, search and full-text calls (customs: the selected accounts, comma separated). */
export interface HostQuery {
  type?: HostType;
  pageNum?: number;
  pageSize?: number;
  sort?: HostSortField;
  order?: 'ASC' | 'DESC';
  area?: string;
  status?: HostStatus;
  /** only hosts expiring within 30 days */
  expiring?: boolean;
  keyword?: string;
  id?: number;
  customs?: string;
}

export interface HostListReply {
  list: Host[];
  total: number;
}

/** POST /api/hostInfo/search/fulltext: the reply's field `result`. */
export interface HostFulltextReply {
  result: Host[];
  total: number;
}

/** One minute of a host's utilisation. */
export interface HostMetricPoint {
  /** epoch seconds */
  timestamp: number;
  cpu: number;
  mem: number;
  inBps: number;
  outBps: number;
}

/** POST /api/hostInfo/list/details/search: the matching hosts; with one id, its last 24 hours too. */
export interface HostDetailReply extends HostListReply {
  metrics?: HostMetricPoint[];
}

export type StatusCount = Record<HostStatus, number>;

export interface HostCountReply {
  total: number;
  expiring: number;
  byType: Record<HostType, number>;
  byStatus: StatusCount;
  byTypeStatus: Record<HostType, StatusCount>;
}

export interface HostAreaStat {
  area: string;
  hosts: number;
  running: number;
  stopped: number;
  expiring: number;
  cpuCores: number;
  memoryGb: number;
  bandwidthMbps: number;
}

/** POST /api/hostInfo/vps and /api/hostInfo/server. */
export interface HostTypeOverview {
  type: HostType;
  hosts: number;
  running: number;
  cpuCores: number;
  memoryGb: number;
  diskGb: number;
  bandwidthMbps: number;
  expiring: number;
  areas: HostAreaStat[];
  /** the next hosts to expire (within 30 days), soonest first */
  expiringHosts: Host[];
}

/** GET /api/hostInfo/custom/list. */
export interface HostCustomer {
  account: string;
  companyName: string;
  parent: string | null;
}
