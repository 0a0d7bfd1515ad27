import type { TrafficEngine } from '../server/stores/traffic/engine';
import type { Search } from '../server/stores/traffic/analysis/search';
import {
  bandAndFlow,
  byteRateCurve,
  countDetail,
  hitRateCurve,
  hitRateList,
  requestCurve,
  sourceRequestCurve,
  statusCurve,
} from '../server/stores/traffic/analysis/curves';
import { rankedList, statusData } from '../server/stores/traffic/analysis/tops';
import { userListAll, userListCn } from '../server/stores/traffic/analysis/geo';
import { urlTop } from '../server/stores/traffic/analysis/heavy';
import { ipList } from '../server/stores/traffic/analysis/ips';
import { simpleAnalysis } from '../server/stores/traffic/analysis/simple';
import { overview, sequential } from '../server/stores/traffic/analysis/overview';
import { dosageSort } from '../server/stores/traffic/analysis/ranking';

/** Every analysis query the routes run, by the name of its call. */
export function analysisQueries(): { name: string; run: (engine: TrafficEngine, s: Search) => Promise<unknown> }[] {
  return [
    { name: 'count', run: (e, s) => countDetail(e, s) },
    { name: 'urlTop', run: (e, s) => urlTop(e, s, 'request') },
    { name: 'urlTop/flow', run: (e, s) => urlTop(e, s, 'flow') },
    { name: 'hitRate', run: (e, s) => hitRateList(e, s, 'request') },
    { name: 'hitRate/BT', run: (e, s) => hitRateList(e, s, 'flow') },
    { name: 'agent', run: (e, s) => rankedList(e, s, 'agent') },
    { name: 'source', run: (e, s) => rankedList(e, s, 'referer') },
    { name: 'statusCode', run: (e, s) => statusData(e, s, 'request') },
    { name: 'statusCode/TB', run: (e, s) => statusData(e, s, 'flow') },
    { name: 'independentIp', run: (e, s) => ipList(e, s, 'request') },
    { name: 'independentIp/all/flow', run: (e, s) => ipList(e, s, 'flow') },
    { name: 'userDistribution', run: (e, s) => userListCn(e, s, 'request') },
    { name: 'userDistribution/cn/flow', run: (e, s) => userListCn(e, s, 'flow') },
    { name: 'userDistribution/all/request', run: (e, s) => userListAll(e, s, 'request') },
    { name: 'userDistribution/all/flow', run: (e, s) => userListAll(e, s, 'flow') },
    { name: 'request/db', run: (e, s) => requestCurve(e, s) },
    { name: 'sourceRequest/db', run: (e, s) => sourceRequestCurve(e, s) },
    { name: 'hitRate/db', run: (e, s) => hitRateCurve(e, s) },
    { name: 'byteRate/db', run: (e, s) => byteRateCurve(e, s) },
    { name: 'statusCode/db', run: (e, s) => statusCurve(e, s, false) },
    { name: 'sourceStatusCode/db', run: (e, s) => statusCurve(e, s, true) },
    { name: 'bandAndFlow', run: (e, s) => bandAndFlow(e, s) },
    { name: 'urltop/get', run: (e, s) => simpleAnalysis(e, s, 'urltop') },
    { name: 'hitrate/get', run: (e, s) => simpleAnalysis(e, s, 'hitrate') },
    { name: 'clientside/get', run: (e, s) => simpleAnalysis(e, s, 'clientside') },
    { name: 'source/get', run: (e, s) => simpleAnalysis(e, s, 'source') },
    { name: 'statuscode/get', run: (e, s) => simpleAnalysis(e, s, 'statuscode') },
    { name: 'independentip/get', run: (e, s) => simpleAnalysis(e, s, 'independentip') },
    { name: 'userdistribution/get', run: (e, s) => simpleAnalysis(e, s, 'userdistribution') },
    { name: 'overview', run: (e, s) => overview(e, s) },
    { name: 'sequential', run: (e, s) => sequential(e, s) },
    { name: 'dosageSort', run: (e, s) => dosageSort(e, s, 'flow') },
  ];
}
