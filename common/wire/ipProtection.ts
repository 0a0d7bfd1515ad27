import type { IppAlarmState, IppAlarmType, IppPreset, IppProtocol, IppRange, IppStatus } from '../rules/ipProtection';

/** A protected IP entry as /impapi/protection/network/manager/* sends it (docs/ipp.md). */
export interface IppEntry {
  id: number;
  account: string;
  originIp: string;
  protocol: IppProtocol;
  ports: number[];
  ranges: IppRange[];
  preset: IppPreset | '';
  cnamePrefix: string;
  /** the protection address: cname prefix under the provider's zone */
  cname: string;
  remark: string;
  status: IppStatus;
  /** ports whose last check failed (getPortErrorData has the reasons) */
  errorPorts: number[];
  checkTime: string | null;
  createTime: string;
  updateTime: string;
}

export type IppPortFailure = 'refused' | 'timeout' | 'unreachable' | 'private' | 'error';

export interface IppPortError {
  port: number;
  reason: IppPortFailure;
  /** the system's error code when there is one (ECONNREFUSED, ...) */
  detail: string;
}

export interface IppPortErrorData {
  id: number;
  originIp: string;
  checkTime: string | null;
  checkedPorts: number;
  errors: IppPortError[];
}

export interface IppStatPoint {
  /** ms since the epoch (seconds × 1000, spec §9) */
  time: number;
  ingressBandwidth: number;
  ingressFlow: number;
  egressBandwidth: number;
  egressFlow: number;
}

export interface IppStatistic {
  points: IppStatPoint[];
  granularity: string;
  peakIngressBandwidth: number;
  peakEgressBandwidth: number;
  totalIngressFlow: number;
  totalEgressFlow: number;
  /** bytes per region, top 9 plus 'Other' */
  areaIngressFlow: Record<string, number>;
  areaEgressFlow: Record<string, number>;
}

export interface IppStatListRow {
  id: number;
  originIp: string;
  cname: string;
  status: IppStatus;
  ingressFlow: number;
  egressFlow: number;
  peakIngressBandwidth: number;
  alarms: number;
}

export interface IppAlarm {
  id: number;
  entryId: number;
  account: string;
  originIp: string;
  type: IppAlarmType;
  state: IppAlarmState;
  /** ms since the epoch */
  startTime: number;
  endTime: number;
  durationSeconds: number;
  peakBps: number;
  peakPps: number;
}

export interface IppAlarmPage {
  list: IppAlarm[];
  total: number;
  pageNum: number;
}
