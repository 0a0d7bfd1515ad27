/** Server messages of load protection (issue #22: the bounded queue in front of the traffic engine). */
export default {
  trafficBusy: {
    zh: '服务繁忙：统计分析请求过多，请稍后重试',
    en: 'The server is busy: too many analysis requests are waiting. Please try again in a moment',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
