/** Texts of the alert notices (email, SMS, webhook `text`), in the contact's language (issue #20). */
export const MONIT_NOTICES = {
  zh: {
    firing: '【CDN告警】规则“{rule}”触发：{metric} {sign} {threshold}{unit}，当前值 {value}{unit}（{period}分钟周期，{start} – {end}，域名：{domains}）',
    repeat: '【CDN告警】规则“{rule}”持续告警：{metric} {sign} {threshold}{unit}，当前值 {value}{unit}（{start} – {end}，域名：{domains}）',
    restored: '【CDN恢复】规则“{rule}”已恢复：{metric} 当前值 {value}{unit}（{start} – {end}，域名：{domains}）',
    test: '【CDN告警】这是一条测试消息，发送给联系人“{contact}”。收到即表示该通知方式可用。',
    subjectFiring: '[告警] {rule}',
    subjectRepeat: '[持续告警] {rule}',
    subjectRestored: '[恢复] {rule}',
    subjectTest: '[测试] CDN 告警通知',
    metrics: {
      bandwidth: '带宽', traffic: '流量', requests: '请求数', qps: '每秒请求数', rate4xx: '4xx 比例', rate5xx: '5xx 比例', hitRate: '请求命中率',
      byteHitRate: '流量命中率', responseTime: '平均响应时间', probeFailRate: '探测失败率', probeTotalTime: '探测平均总耗时',
    },
  },
  en: {
    firing: '[CDN alert] Rule "{rule}" fired: {metric} {sign} {threshold}{unit}, value {value}{unit} ({period}-minute period, {start} – {end}, domains: {domains})',
    repeat: '[CDN alert] Rule "{rule}" is still firing: {metric} {sign} {threshold}{unit}, value {value}{unit} ({start} – {end}, domains: {domains})',
    restored: '[CDN restored] Rule "{rule}" is back to normal: {metric} value {value}{unit} ({start} – {end}, domains: {domains})',
    test: '[CDN alert] This is a test message for contact "{contact}". Receiving it means this channel works.',
    subjectFiring: '[Alert] {rule}',
    subjectRepeat: '[Still firing] {rule}',
    subjectRestored: '[Restored] {rule}',
    subjectTest: '[Test] CDN alert notice',
    metrics: {
      bandwidth: 'bandwidth', traffic: 'traffic', requests: 'requests', qps: 'requests per second', rate4xx: '4xx rate', rate5xx: '5xx rate',
      hitRate: 'request hit rate', byteHitRate: 'byte hit rate', responseTime: 'average response time',
      probeFailRate: 'failed probe rate', probeTotalTime: 'average probe total time',
    },
  },
} as const;

export const fillNotice = (template: string, args: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
