import { METRIC_NAMES } from '../zh/monitoring';

/** Server messages of cloud monitoring (issue #20; spec §8 leaves the texts open beyond the success notice). */
export default {
  monitSuccess: { zh: '操作成功', en: 'Operation successful' },
  monitNameEmpty: { zh: '名称不能为空', en: 'The name cannot be empty' },
  monitNameTooLong: { zh: '名称最多64个字符', en: 'The name may have at most 64 characters' },
  monitEmailFormat: { zh: '邮箱格式错误', en: 'The email address format is incorrect' },
  monitMobileFormat: {
    zh: '手机号格式错误（国际格式 +号码，或中国大陆11位手机号）',
    en: 'The mobile number format is incorrect (+ and the international number, or 11 digits in mainland China)',
  },
  monitWebhookFormat: { zh: 'Webhook 地址必须以 http:// 或 https:// 开头', en: 'The webhook URL must begin with http:// or https://' },
  monitChannelRequired: { zh: '邮箱、手机号、Webhook 至少填写一项', en: 'Enter at least one of email, mobile number and webhook' },
  monitRemarkTooLong: { zh: '备注最多200个字符', en: 'The remark may have at most 200 characters' },
  monitContactNameTaken: { zh: '联系人名称已存在', en: 'A contact with this name already exists' },
  monitGroupNameTaken: { zh: '联系组名称已存在', en: 'A contact group with this name already exists' },
  monitRuleNameTaken: { zh: '告警规则名称已存在', en: 'An alert rule with this name already exists' },
  monitMembersTooMany: { zh: '联系组最多100个联系人', en: 'A contact group may have at most 100 contacts' },
  monitUnknownContact: { zh: '联系人不存在', en: 'A chosen contact does not exist' },
  monitUnknownGroup: { zh: '联系组不存在', en: 'A chosen contact group does not exist' },
  monitDomainsRequired: { zh: '请至少选择一个域名', en: 'Choose at least one domain' },
  monitDomainsTooMany: { zh: '一条规则最多100个域名', en: 'A rule may cover at most 100 domains' },
  monitUnknownDomain: { zh: '域名不存在或不属于当前账号：{domain}', en: 'The domain does not exist or is not yours: {domain}' },
  monitThresholdFormat: { zh: '阈值必须是数字', en: 'The threshold must be a number' },
  monitThresholdRange: {
    zh: '阈值超出范围（比率为0–100，探测耗时最多600000毫秒）',
    en: 'The threshold is out of range (rates 0–100, probe time up to 600000 ms)',
  },
  monitConsecutiveRange: { zh: '连续周期数为1–10', en: 'Consecutive periods must be between 1 and 10' },
  monitRestoreAfterRange: { zh: '恢复所需正常周期数为1–10', en: 'Healthy periods before restoring must be between 1 and 10' },
  monitUnknownIp: { zh: '防护IP不存在或不属于当前账号：{domain}', en: 'The protected IP does not exist or is not yours: {domain}' },
  monitUnknownWebsite: {
    zh: '防护网站不存在或不属于当前账号：{domain}',
    en: 'The protected website does not exist or is not yours: {domain}',
  },
  monitGroupsRequired: { zh: '请至少选择一个联系组', en: 'Choose at least one contact group' },
  monitChannelsRequired: { zh: '请至少选择一种通知方式', en: 'Choose at least one notification channel' },
  monitMuteFormat: { zh: '静默时段格式错误（HH:MM–HH:MM）', en: 'A mute window is incorrect (HH:MM–HH:MM)' },
  monitMuteTooMany: { zh: '最多5个静默时段', en: 'At most 5 mute windows' },
  monitTimeZone: { zh: '时区无效', en: 'Unknown time zone' },
} as const;

/** Texts of the alert notices (email, SMS, webhook `text`), in the contact's language (issue #20). */
export const MONIT_NOTICES = {
  zh: {
    firing:
      '【CDN告警】规则“{rule}”触发：{metric} {sign} {threshold}{unit}，当前值 {value}{unit}（{period}分钟周期，{start} – {end}，{targets}）',
    repeat: '【CDN告警】规则“{rule}”持续告警：{metric} {sign} {threshold}{unit}，当前值 {value}{unit}（{start} – {end}，{targets}）',
    restored: '【CDN恢复】规则“{rule}”已恢复：{metric} 当前值 {value}{unit}（{start} – {end}，{targets}）',
    test: '【CDN告警】这是一条测试消息，发送给联系人“{contact}”。收到即表示该通知方式可用。',
    subjectFiring: '[告警] {rule}',
    subjectRepeat: '[持续告警] {rule}',
    subjectRestored: '[恢复] {rule}',
    subjectTest: '[测试] CDN 告警通知',
    metrics: METRIC_NAMES,
    units: { ippAttack: '次', wafEvents: '次' },
    targets: { domains: '域名：{list}', ips: '防护IP：{list}', websites: '防护网站：{list}' },
    allTargets: { domains: '全部', ips: '账号下全部防护IP', websites: '账号下全部防护网站' },
  },
  en: {
    firing:
      '[CDN alert] Rule "{rule}" fired: {metric} {sign} {threshold}{unit}, value {value}{unit} ({period}-minute period, {start} – ' +
      '{end}, {targets})',
    repeat:
      '[CDN alert] Rule "{rule}" is still firing: {metric} {sign} {threshold}{unit}, value {value}{unit} ({start} – {end}, {targets})',
    restored: '[CDN restored] Rule "{rule}" is back to normal: {metric} value {value}{unit} ({start} – {end}, {targets})',
    test: '[CDN alert] This is a test message for contact "{contact}". Receiving it means this channel works.',
    subjectFiring: '[Alert] {rule}',
    subjectRepeat: '[Still firing] {rule}',
    subjectRestored: '[Restored] {rule}',
    subjectTest: '[Test] CDN alert notice',
    metrics: {
      bandwidth: 'bandwidth',
      traffic: 'traffic',
      requests: 'requests',
      qps: 'requests per second',
      rate4xx: '4xx rate',
      rate5xx: '5xx rate',
      hitRate: 'request hit rate',
      byteHitRate: 'byte hit rate',
      responseTime: 'average response time',
      probeFailRate: 'failed probe rate',
      probeTotalTime: 'average probe total time',
      ippAttack: 'attacks on protected IPs',
      wafEvents: 'website security events',
    },
    units: { ippAttack: 'attacks', wafEvents: 'events' },
    targets: { domains: 'domains: {list}', ips: 'protected IPs: {list}', websites: 'protected websites: {list}' },
    allTargets: { domains: 'all', ips: "all of the account's protected IPs", websites: "all of the account's protected websites" },
  },
} as const;

export const fillNotice = (template: string, args: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
