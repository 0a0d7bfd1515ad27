/** Server messages of the input and request checks (issue #22). */
export default {
  invalidCharacters: { zh: '请求参数错误：包含无效字符', en: 'Invalid request: it contains invalid characters' },
  valueOutOfRange: { zh: '请求参数错误：数值超出范围', en: 'Invalid request: a number is out of range' },
  invalidValue: { zh: '请求参数错误：值无效', en: 'Invalid request: a value is not valid' },
  usersTargetRicher: {
    zh: '该用户拥有您没有的权限，您不能修改、启用、停用或删除该用户',
    en: 'This user holds rights you do not hold: you cannot change, enable, disable or delete it',
  },
  crossSiteRefused: { zh: '拒绝来自其他站点的请求', en: 'Requests from another site are refused' },
  bodyTooLarge: { zh: '请求内容过大', en: 'The request body is too large' },
} as const satisfies Record<string, { zh: string; en: string }>;
