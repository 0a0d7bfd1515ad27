/** Server messages of the traffic area: log search and download, log ingestion, lines, analysis, overview, ranking, bills. */
export default {
  logTimeFormat: { zh: '时间格式错误', en: 'Format error' },
  logTimeRange: { zh: '时间范围错误', en: 'Range Error' },
  logRangeTooLong: { zh: '一次最多查询31天的日志', en: 'A log search covers at most 31 days' },
  logIpFormat: {
    zh: 'IP 格式错误，请输入 IPv4 地址或网段（如 1.2.3.0/24）',
    en: 'IP format error: enter an IPv4 address or a range such as 1.2.3.0/24',
  },
  logStatusFormat: { zh: '状态码格式错误，请输入如 404 或 5xx', en: 'Status code format error: enter e.g. 404 or 5xx' },
  logPageWindow: {
    zh: '最多只能翻阅前100,000条日志，请缩小查询范围或下载日志',
    en: 'Only the first 100,000 rows can be paged through; narrow the search or download the logs',
  },
  logDownloadEmpty: { zh: '所选范围内没有日志', en: 'No logs match this selection' },
  logDownloadTooMany: {
    zh: '所选范围超过1,000,000条日志，单次下载最多1,000,000条，请缩小时间范围或筛选条件',
    en: 'This selection holds more than 1,000,000 rows; one download holds at most 1,000,000. Narrow the time range or filters',
  },
  logDownloadMissing: { zh: '下载地址有误，请联系客服', en: 'The download address is wrong, please contact customer service' },
  logDownloadFailed: { zh: '下载失败', en: 'Download Failed' },
  ingestDisabled: {
    zh: '本服务器未启用日志接入（未设置 PORTAL_INGEST_TOKEN）',
    en: 'Log ingestion is not enabled on this server (PORTAL_INGEST_TOKEN is not set)',
  },
  ingestUnauthorized: { zh: '日志接入令牌无效', en: 'Invalid ingest token' },
  lineUnknown: { zh: '线路不存在', en: 'Lines is null' },
  lineRangeTooLong: {
    zh: '时间范围过长：1分钟粒度最多7天，5分钟粒度最多31天',
    en: 'Range too long: at most 7 days at 1-minute resolution and 31 days at 5 minutes',
  },
  /** Server messages of traffic analysis, overview, ranking and bills. */
  analysisDomainsRequired: { zh: '域名不能为空', en: 'domains is required' },
  analysisTimeFormat: { zh: '时间格式错误', en: 'Format error' },
  analysisTimeRange: { zh: '时间范围错误', en: 'Range Error' },
  timeZoneUnknown: { zh: '时区无法识别', en: 'Unknown time zone' },
  analysisPayloadInvalid: { zh: '加密数据无法解析', en: 'The encrypted payload could not be read' },
  analysisMonthFormat: { zh: '月份格式错误，应为 YYYY-MM，且最多 13 个月', en: 'Months must be YYYY-MM, at most 13 months' },
} as const satisfies Record<string, { zh: string; en: string }>;
