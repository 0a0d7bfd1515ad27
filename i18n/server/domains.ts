import { DOMAIN_MESSAGES } from '../../common/rules/domains/messages';

/** Server messages of accelerated and live domains: the shared rule messages plus the server's own. */
export default {
  ...DOMAIN_MESSAGES,
  domainConfiguring: { zh: '域名配置中，不能修改状态！', en: 'Domain configuring, the status cannot be changed!' },
  domainFrozen: { zh: '域名已被冻结，请联系服务商', en: 'The domain is frozen, please contact the provider' },
  domainFreezeStaffOnly: { zh: '只有服务商可以冻结或解冻域名', en: 'Only the provider can freeze or unfreeze a domain' },
  domainNameImmutable: { zh: '域名不能修改', en: 'The domain name cannot be changed' },
  domainAccountInvalid: { zh: '所属账号不存在或不可选', en: 'The owning account does not exist or cannot be chosen' },
  domainCertificateNotFound: { zh: '证书不存在或不可用', en: 'The certificate does not exist or cannot be used' },
  domainVersionNotFound: { zh: '暂无历史版本', en: 'No history version' },
  domainProbeOk: { zh: '源站测试成功', en: 'Source test succeeded' },
  domainProbePrivate: { zh: '源站地址为内网或保留地址，不能测试', en: 'The origin is a private or reserved address and cannot be tested' },
  domainProbeDocumentation: {
    zh: '无法连接源站{address}：该地址保留用于文档示例',
    en: 'Cannot connect to the origin {address}: address reserved for documentation',
  },
  domainProbeDns: { zh: '源站域名无法解析：{address}', en: 'The origin host cannot be resolved: {address}' },
  domainProbeTimeout: { zh: '源站{address}响应超时', en: 'The origin {address} did not answer in time' },
  domainProbeConnect: { zh: '无法连接源站{address}：{reason}', en: 'Cannot connect to the origin {address}: {reason}' },
  domainProbeStatus: { zh: '源站{address}返回HTTP {status}', en: 'The origin {address} answered HTTP {status}' },
  domainProbeRedirect: { zh: '源站{address}跳转到其他主机，测试不通过', en: 'The origin {address} redirects to another host' },
  domainProbeTooManyRedirects: { zh: '源站{address}跳转次数过多', en: 'The origin {address} redirects too often' },
} as const satisfies Record<string, { zh: string; en: string }>;
