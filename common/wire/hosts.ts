import { Type, type Static } from '@sinclair/typebox';
import { Id32, listFields, literals, nullable, PageNum, PageSize } from './shell/schemas';
import { HOST_SORT_FIELDS, HOST_STATUSES, HOST_TYPES, type HostStatus, type HostType } from '../rules/hosts';

/** Wire shapes of the host calls (/api/hostInfo/*, GET /api/area/all), shared by server and client; types are Static<> of the schemas. */

export interface Area {
  code: string;
  nameZh: string;
  nameEn: string;
  continent: string;
}

export const HostSchema = Type.Object({
  id: Type.Integer(),
  type: literals(HOST_TYPES),
  hostName: Type.String(),
  instanceId: Type.String(),
  publicIp: Type.String(),
  privateIp: Type.String(),
  area: Type.String(),
  account: Type.String(),
  cpuCores: Type.Number(),
  memoryGb: Type.Number(),
  diskGb: Type.Number(),
  bandwidthMbps: Type.Number(),
  os: Type.String(),
  status: literals(HOST_STATUSES),
  createTime: Type.String(),
  expireTime: Type.String(),
  /** expires within 30 days */
  expiringSoon: Type.Boolean(),
  /** CPU % over the last hour (null: no samples) */
  cpuAvg: nullable(Type.Number()),
  cpuPeak: nullable(Type.Number()),
});
export type Host = Static<typeof HostSchema>;

/** The selected accounts (staff): comma separated, or a list. */
const Customs = Type.Optional(
  Type.Union([Type.String({ maxLength: 8192 }), Type.Array(Type.String({ maxLength: 128 }), { maxItems: 500 })]),
);
const HostFilters = {
  type: Type.Optional(literals(HOST_TYPES)),
  pageNum: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
  sort: Type.Optional(literals(HOST_SORT_FIELDS)),
  order: Type.Optional(literals(['ASC', 'DESC'] as const)),
  area: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(literals(HOST_STATUSES)),
  /** only hosts expiring within 30 days */
  expiring: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String({ maxLength: 128 })),
  id: Type.Optional(Id32),
  customs: Customs,
};
/** Body of the list and search calls. */
export const HostQuerySchema = Type.Object(HostFilters, { additionalProperties: false });
export type HostQuery = Static<typeof HostQuerySchema>;
/** Body of POST /api/hostInfo/search/fulltext: a keyword is required. */
export const HostFulltextQuerySchema = Type.Object(
  { ...HostFilters, keyword: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
/** Body of the count and overview calls. */
export const HostCustomsSchema = Type.Object({ customs: Customs }, { additionalProperties: false });
export type HostCustoms = Static<typeof HostCustomsSchema>;
/** POST /api/hostInfo/modify/hostName body. */
export const HostRenameSchema = Type.Object(
  { id: Id32, hostName: Type.String({ maxLength: 1024 }), type: Type.Optional(literals(HOST_TYPES)) },
  { additionalProperties: false },
);

export const HostListReplySchema = Type.Object(listFields(HostSchema));
export type HostListReply = Static<typeof HostListReplySchema>;

/** POST /api/hostInfo/search/fulltext: the reply's field `result`. */
export const HostFulltextReplySchema = Type.Object({ result: Type.Array(HostSchema), total: Type.Integer() });
export type HostFulltextReply = Static<typeof HostFulltextReplySchema>;

/** One minute of a host's utilisation. */
const HostMetricPointSchema = Type.Object({
  /** epoch seconds */
  timestamp: Type.Number(),
  cpu: Type.Number(),
  mem: Type.Number(),
  inBps: Type.Number(),
  outBps: Type.Number(),
});
export type HostMetricPoint = Static<typeof HostMetricPointSchema>;

/** POST /api/hostInfo/list/details/search: the matching hosts; with one id, its last 24 hours too. */
export const HostDetailReplySchema = Type.Object({
  ...listFields(HostSchema),
  metrics: Type.Optional(Type.Array(HostMetricPointSchema)),
});
export type HostDetailReply = Static<typeof HostDetailReplySchema>;

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
const HostCustomerSchema = Type.Object({ account: Type.String(), companyName: Type.String(), parent: nullable(Type.String()) });
export type HostCustomer = Static<typeof HostCustomerSchema>;
export const HostCustomersSchema = Type.Array(HostCustomerSchema);

/** An inventory time: as the access log's `ts` ("YYYY-MM-DD HH:MM:SS" UTC, ISO 8601 with zone, epoch seconds as number or string). */
const InventoryTime = Type.Union([Type.Number(), Type.String({ maxLength: 64 })]);
const Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const InstanceId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7e]+$' });

/**
 * One line of the provider's host inventory feed (POST /api/log/ingest?kind=host_inventory, docs/ingest.md):
 * the host keyed by `instance_id`, written over the stored one. Unknown fields are ignored, null counts as absent.
 */
export const HostInventoryLineSchema = Type.Object({
  instance_id: InstanceId,
  account: Type.String({ minLength: 1, maxLength: 128 }),
  type: literals(HOST_TYPES),
  name: Type.String({ maxLength: 256 }),
  public_ip: Type.Optional(Type.String({ maxLength: 45 })),
  private_ip: Type.Optional(Type.String({ maxLength: 45 })),
  area: Type.String({ minLength: 1, maxLength: 64 }),
  cpu: Count,
  memory: Count,
  disk: Count,
  bandwidth: Count,
  os: Type.Optional(Type.String({ maxLength: 128 })),
  status: literals(HOST_STATUSES),
  create_time: Type.Optional(InventoryTime),
  expire_time: InventoryTime,
  deleted: Type.Optional(Type.Literal(false)),
});
export type HostInventoryLine = Static<typeof HostInventoryLineSchema>;

/** A line that removes a host from the inventory. */
export const HostInventoryRemovalSchema = Type.Object({ instance_id: InstanceId, deleted: Type.Literal(true) });
