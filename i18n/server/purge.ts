/** Server messages of purge and prefetch (spec §8; the English texts of the spec verbatim). */
export default {
  purgeSuccess: { zh: '推送成功', en: 'Push Success' },
  purgeUrlInvalid: { zh: '刷新失败：URL 无效', en: 'Refresh failed :url invalid' },
  purgeFailure: { zh: '刷新失败', en: 'Refresh the failure' },
  purgeNoTask: { zh: '没有刷新任务', en: 'No refresh task' },
  purgeEmpty: { zh: '不能为空', en: 'Cannot be empty' },
  purgeTooMany: { zh: '每次最多提交100条URL', en: 'At most 100 URLs per submission' },
  purgeQuotaExceeded: {
    zh: '超出今日配额：本次{count}条，今日剩余{remaining}条',
    en: 'Daily quota exceeded: this submission has {count}, {remaining} remain today',
  },
  purgeAllRepeated: {
    zh: '刷新失败：同一内容1分钟内不可重复刷新',
    en: 'Refresh the failure: the same content cannot be refreshed again within 1 minute',
  },
  purgeDirDisabled: {
    zh: '目录推送正在维护中，请联系运维人员刷新',
    en: 'Directory push is under maintenance, please contact operation and maintenance to purge',
  },
  purgeNoFailedUrls: { zh: '该任务没有失败的URL', en: 'This task has no failed URLs' },
  purgeReasonFormat: { zh: '格式错误', en: 'Format error' },
  purgeReasonNotDirectory: { zh: '目录必须以 / 结尾', en: 'A directory must end with /' },
  purgeReasonTooLong: { zh: 'URL 过长', en: 'URL too long' },
  purgeReasonDuplicate: { zh: '重复的行', en: 'Duplicate line' },
  purgeReasonHost: { zh: '域名不是您已启用的加速域名', en: 'The host is not an enabled accelerated domain of yours' },
  purgeReasonRepeat: { zh: '1分钟内已刷新过', en: 'Already refreshed less than 1 minute ago' },
  /** Prefetch refusals (issue #35 item 8): every one starts with this, never with 'Refresh'. */
  prefetchFailed: { zh: '预热失败：', en: 'Prefetch failed: ' },
  prefetchUrlInvalid: { zh: 'URL 无效', en: 'URL invalid' },
  prefetchAllRepeated: { zh: '同一内容1分钟内不可重复预热', en: 'the same content cannot be prefetched again within 1 minute' },
  prefetchReasonRepeat: { zh: '1分钟内已预热过', en: 'Already prefetched less than 1 minute ago' },
  purgeReasonDomainDisabled: { zh: '域名已停用', en: 'The domain was disabled' },
} as const;
