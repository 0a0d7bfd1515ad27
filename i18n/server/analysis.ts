/** Server messages of traffic analysis, overview, ranking and bills. */
export default {
  analysisDomainsRequired: { zh: '域名不能为空', en: 'domains is required' },
  analysisTimeFormat: { zh: '时间格式错误', en: 'Format error' },
  analysisTimeRange: { zh: '时间范围错误', en: 'Range Error' },
  timeZoneUnknown: { zh: '时区无法识别', en: 'Unknown time zone' },
  analysisPayloadInvalid: { zh: '加密数据无法解析', en: 'The encrypted payload could not be read' },
  analysisMonthFormat: { zh: '月份格式错误，应为 YYYY-MM，且最多 13 个月', en: 'Months must be YYYY-MM, at most 13 months' },
} as const satisfies Record<string, { zh: string; en: string }>;
