/**
 * Server messages of IP protection (issue #19; the spec's generic texts verbatim: 'Cannot be empty',
 * 'Format error', 'Range Error', 'IP is empty and cannot be queried').
 */
export default {
  ippEmpty: { zh: '不能为空', en: 'Cannot be empty' },
  ippFormat: { zh: '格式错误', en: 'Format error' },
  ippPortsRequired: { zh: '端口或端口范围至少填写一项', en: 'Either ports or a range is required' },
  ippRangeRequired: { zh: '端口范围的起始和结束端口必填', en: 'Range start and end are required' },
  ippRangeError: { zh: '范围错误', en: 'Range Error' },
  ippPortOutOfRange: { zh: '端口 {port} 超出范围（1-65535）', en: 'Port {port} is out of range (1-65535)' },
  ippForbiddenPort: { zh: '端口 {port} 禁止防护', en: 'Port {port} is forbidden' },
  ippRangeTooLarge: { zh: '每个端口范围最多添加100个端口', en: 'No more than 100 ports per range' },
  ippTooManyPorts: { zh: '最多填写50个端口', en: 'At most 50 ports' },
  ippTooManyRanges: { zh: '最多添加10个端口范围', en: 'At most 10 port ranges' },
  ippRemarkTooLong: { zh: '备注最多100个字符', en: 'The remark may have at most 100 characters' },
  ippPrivateIp: { zh: '不能防护内网或保留地址', en: 'Private and reserved addresses cannot be protected' },
  ippCnameTaken: { zh: 'CNAME 前缀已存在', en: 'The cname prefix already exists' },
  ippOriginTaken: { zh: '该源站 IP 已受防护', en: 'This origin IP is already protected' },
  ippIpRefused: {
    zh: '源站 IP {ip} 无法由当前账号防护：须为您的域名或网站的源站、您的主机的 IP，或已通过验证文件证明归属',
    en:
      'The origin IP {ip} cannot be protected by this account: ' +
      'it must be an origin of your domains or websites, an IP of your hosts, or proven with a verification file',
  },
  ippCheckDocumentation: {
    zh: '未对 {ip} 执行端口检测：该地址保留用于文档示例',
    en: 'Port check of {ip} not run: address reserved for documentation',
  },
  ippLimitAccount: {
    zh: '本账号的检测过于频繁，请 {minutes} 分钟后重试',
    en: 'Too many checks by this account; try again in {minutes} min',
  },
  ippLimitTarget: { zh: '对 {ip} 的检测过于频繁，请 {minutes} 分钟后重试', en: 'Too many checks of {ip}; try again in {minutes} min' },
  ippProofFailed: { zh: '归属验证未通过：{reason}', en: 'Ownership not verified: {reason}' },
  ippProofMismatch: { zh: '{url} 的内容不是验证令牌', en: 'the file at {url} does not hold the token' },
  ippProofNoChallenge: { zh: '请先获取验证令牌', en: 'Ask for a verification token first' },
  ippStateBlocked: { zh: '当前状态（{status}）不允许此操作', en: 'This action is not allowed while the entry is {status}' },
  ippIpEmpty: { zh: 'IP为空，无法查询', en: 'IP is empty and cannot be queried' },
  ippUdpNotProbed: { zh: 'UDP 端口无法通过连接检测', en: 'UDP ports cannot be checked by a connection' },
  ippStatus_toBeConfirmed: { zh: '待确认', en: 'to be confirmed' },
  ippStatus_configuring: { zh: '配置中', en: 'configuring' },
  ippStatus_configured: { zh: '已配置', en: 'configured' },
  ippStatus_disabling: { zh: '停用中', en: 'disabling' },
  ippStatus_disabled: { zh: '已停用', en: 'disabled' },
  ippStatus_originToBeChecked: { zh: '源站待检查', en: 'origin to be checked' },
} as const;
