import { WEBSITE_MESSAGES } from '../../common/rules/websites/index';

/** Server messages of website protection (issue #18): the rule catalogue shared with the forms, and the ownership proofs (issue #35). */
export default {
  ...WEBSITE_MESSAGES,
  // One answer for every name the caller may not protect, whoever else protects it (only the name differs).
  wafOwnershipRequired: { zh: '请先验证 {domain} 的所有权，再为其添加防护', en: 'Verify ownership of {domain} before protecting it' },
  wafOwnershipNoChallenge: { zh: '请先为 {domain} 获取验证令牌', en: 'Request a verification token for {domain} first' },
  wafOwnershipDnsMissing: { zh: 'TXT 记录 {record} 中没有验证令牌', en: 'The TXT record {record} does not hold the verification token' },
  wafOwnershipFileFailed: {
    zh: '无法从 {url} 读取验证令牌：{reason}',
    en: 'The verification token could not be read from {url}: {reason}',
  },
  // the file's other failures are the origin probe's messages (domainProbe*)
  wafOwnershipRedirect: { zh: '应答为重定向（不跟随）', en: 'the answer is a redirect (not followed)' },
  wafOwnershipWrongBody: { zh: '文件内容不是验证令牌', en: 'the file does not hold the token' },
} as const;
