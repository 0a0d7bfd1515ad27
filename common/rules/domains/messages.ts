/**
 * Messages of the domain rules in both languages (spec §5/§8 English verbatim where the spec has one).
 * One catalogue for the browser (domainRuleText / domainRuleMessages for react-admin i18n) and the
 * server (spread into i18n/server/domains.ts).
 */
export const DOMAIN_MESSAGES = {
  domainNameEmpty: { zh: '域名不能为空！', en: 'The domain name cannot be empty!' },
  domainNameFormat: { zh: '域名格式不正确！', en: 'Domain name format is incorrect!' },
  domainNameExists: { zh: '域名已存在！', en: 'The domain name already exists!' },
  domainTypeInvalid: { zh: '请选择业务类型（下载、点播、静态）', en: 'Choose a business type (download, vod, static)' },
  domainScopeInvalid: { zh: '请选择加速区域', en: 'Choose an acceleration scope' },
  domainIcpRequired: { zh: 'ICP备案号不能为空', en: 'The ICP number cannot be empty' },
  domainIcpFormat: { zh: 'ICP备案号格式不正确，例如：京ICP备12345678号-1', en: 'ICP number format is incorrect, e.g. 京ICP备12345678号-1' },
  domainBackHostRequired: { zh: '回源Host不能为空', en: 'The back host cannot be empty' },
  domainBackHostFormat: { zh: '回源Host格式不正确', en: 'The back host format is incorrect' },
  domainBackDirFormat: { zh: "回源目录必须以'/'开头并以'/'结尾", en: "The back directory must start and end with '/'" },
  domainTestUrlRequired: { zh: '测试URL不能为空', en: 'The test URL cannot be empty' },
  domainTestUrlFormat: { zh: "测试URL必须以'/'开头", en: "The test URL must start with '/'" },
  domainOriginRequired: { zh: '请至少添加一个源站', en: 'Add at least one origin' },
  domainOriginMainRequired: { zh: '请至少设置一个主源站', en: 'At least one origin must be a main origin' },
  domainOriginEmpty: { zh: '源站不能为空', en: 'The origin cannot be empty' },
  domainOriginRepeat: { zh: '源站重复，请重新填写', en: 'Source station repeat, please re-fill' },
  domainOriginSameAsDomain: { zh: '源站不能与加速域名相同', en: 'The origin cannot be the accelerated domain itself' },
  domainOriginFormat: { zh: '源站地址格式不正确', en: 'The origin address format is incorrect' },
  domainOriginTooMany: { zh: '源站最多{max}个', en: 'Up to {max} origins' },
  domainPortRequired: { zh: '端口不能为空', en: 'The port cannot be empty' },
  domainPortRange: { zh: '端口范围为1-65535', en: 'The port must be between 1 and 65535' },
  domainWeightRange: { zh: '权重范围为1-100的整数', en: 'The weight must be an integer from 1 to 100' },
  domainBucketBound: {
    zh: '该存储桶已被其他域名绑定，确认绑定吗？',
    en: 'This bucket has been bound by another domain name. Confirm binding?',
  },
  domainCertificateRequired: { zh: 'HTTPS需要选择证书', en: 'Choose a certificate for HTTPS' },
  domainForceHttpsNeedsHttps: { zh: '强制HTTPS需要先开启HTTPS', en: 'Force HTTPS needs HTTPS to be enabled' },
  domainCacheValueRequired: { zh: '缓存内容不能为空', en: 'The cache content cannot be empty' },
  domainCacheDirFormat: {
    zh: "目录路径必须以'/'开头并以'/'结尾，且不能包含'.'",
    en: "A directory path must start and end with '/' and contain no '.'",
  },
  domainCacheFileFormat: { zh: "文件路径必须以'/'开头", en: "A file path must start with '/'" },
  domainCacheSuffixMax: { zh: '最多10个后缀', en: 'Up to 10 suffixes' },
  domainCacheSuffixFormat: {
    zh: '后缀只能包含字母、数字、下划线和中划线',
    en: 'A suffix may contain only letters, digits, underscores and hyphens',
  },
  domainCacheTimeInteger: { zh: '缓存时间必须是不小于0的整数', en: 'The cache time must be an integer of 0 or more' },
  domainCacheTimeMax: { zh: '缓存时间不能超过3年', en: 'The cache time cannot exceed 3 years' },
  domainCacheUnitInvalid: { zh: '缓存时间单位不正确', en: 'The cache time unit is incorrect' },
  domainCacheConflict: { zh: '缓存策略冲突，请检查', en: 'Caching policy conflicts, please check' },
  domainCacheRulesMax: { zh: '缓存策略最多{max}条', en: 'Up to {max} cache rules' },
  domainParamsRequired: { zh: '请填写参数名', en: 'Enter the parameter names' },
  domainParamFormat: { zh: '参数名格式不正确', en: 'The parameter name format is incorrect' },
  domainPathFormat: { zh: "路径必须以'/'开头", en: "A path must start with '/'" },
  domainCompressionTypes: { zh: '请填写压缩的文件类型', en: 'Enter the file types to compress' },
  domainHopsRange: { zh: '跟随跳转次数范围为1-5', en: 'Redirect hops must be from 1 to 5' },
  domainStatusCodeRange: { zh: '状态码范围为400-599', en: 'The status code must be from 400 to 599' },
  domainStatusCodeRepeat: { zh: '状态码重复', en: 'The status code is repeated' },
  domainErrorPageUrl: { zh: "跳转地址必须以'/'或http(s)://开头", en: "The redirect URL must start with '/' or http(s)://" },
  domainAuthSecretFormat: { zh: '鉴权密钥为6-32位字母或数字', en: 'The authentication secret must be 6 to 32 letters or digits' },
  domainAuthTimeRange: { zh: '鉴权有效时间范围为1-31536000秒', en: 'The authentication time must be from 1 to 31536000 seconds' },
  domainListValuesRequired: { zh: '名单不能为空', en: 'The list cannot be empty' },
  domainListTooMany: { zh: '名单最多{max}条', en: 'Up to {max} list entries' },
  domainRefererFormat: { zh: 'Referer格式不正确', en: 'The Referer format is incorrect' },
  domainIpFormat: { zh: 'IP或网段格式不正确', en: 'The IP or network format is incorrect' },
  domainHeaderNameFormat: { zh: 'HTTP头名称格式不正确', en: 'The header name format is incorrect' },
  domainHeaderNameForbidden: { zh: '不允许修改该HTTP头', en: 'This header cannot be changed' },
  domainHeaderValueRequired: { zh: 'HTTP头的值不能为空', en: 'The header value cannot be empty' },
  domainHeaderValueFormat: { zh: 'HTTP头的值不能包含换行', en: 'The header value cannot contain line breaks' },
  domainHeadersTooMany: { zh: 'HTTP头最多{max}条', en: 'Up to {max} headers' },
  domainRewriteSourceRequired: { zh: '原始URL不能为空', en: 'The original URL cannot be empty' },
  domainRewriteSourceFormat: {
    zh: "原始URL必须以'/'或'^'开头且是合法的正则表达式",
    en: "The original URL must start with '/' or '^' and be a valid regular expression",
  },
  domainRewriteTargetRequired: { zh: '重写后URL不能为空', en: 'The rewritten URL cannot be empty' },
  domainRewriteTargetFormat: { zh: "重写后URL必须以'/'或http(s)://开头", en: "The rewritten URL must start with '/' or http(s)://" },
  domainRewriteTooMany: { zh: '重写规则最多{max}条', en: 'Up to {max} rewrite rules' },
  domainRemarkTooLong: { zh: '备注最多{max}个字符', en: 'Up to {max} characters for the remark' },
  domainLabelFormat: { zh: '标签最多20个字符，最多10个标签', en: 'Up to 10 labels of at most 20 characters' },
  domainInvalidValue: { zh: '格式错误', en: 'Format error' },
  domainCannotBeEmpty: { zh: '不能为空', en: 'Cannot be empty' },
  domainRangeError: { zh: '范围错误', en: 'Range Error' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type DomainMessageKey = keyof typeof DOMAIN_MESSAGES;

/** Fills {name} placeholders. */
export function formatDomainMessage(text: string, args: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
}

/** The text of a rule message in a language. */
export function domainRuleText(key: DomainMessageKey, lang: 'zh' | 'en', args?: Record<string, string | number>): string {
  return formatDomainMessage(DOMAIN_MESSAGES[key][lang], args);
}

/**
 * The catalogue in react-admin (polyglot) form for one language, placeholders as %{name}:
 * spread it into i18n messages under a namespace and translate `${namespace}.${key}`.
 */
export function domainRuleMessages(lang: 'zh' | 'en'): Record<DomainMessageKey, string> {
  const out = {} as Record<DomainMessageKey, string>;
  for (const key of Object.keys(DOMAIN_MESSAGES) as DomainMessageKey[]) {
    out[key] = DOMAIN_MESSAGES[key][lang].replace(/\{(\w+)\}/g, '%{$1}');
  }
  return out;
}
