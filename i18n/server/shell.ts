/** Server messages of the shell: session, permissions, sub-accounts, password change, load protection, request checks. */
export default {
  success: { zh: '成功', en: 'success' },
  notSignedIn: { zh: '登录已过期，请重新登录', en: 'Timeout has expired. Please login again' },
  forbidden: { zh: '没有权限访问该功能', en: 'You do not have permission for this function' },
  notFound: { zh: '记录不存在', en: 'Record not found' },
  /** An update carrying the updateTime it was read at, refused because the record changed since (issue #35). */
  staleRecord: { zh: '记录已被他人修改，请刷新后重试。', en: 'The record was changed by someone else. Reload it and try again.' },
  invalidRequest: { zh: '请求参数错误：', en: 'Invalid request: ' },
  serverError: { zh: '服务器错误', en: 'Server Error' },
  userNotFound: { zh: '用户不存在', en: 'The user does not exist' },
  wrongPassword: { zh: '密码错误', en: 'wrong password' },
  notActivated: { zh: '用户未激活', en: 'User is not activated' },
  tooManyAttempts: { zh: '登录失败次数过多，请15分钟后再试', en: 'Too many failed sign-ins, please try again in 15 minutes' },
  notMainAccount: { zh: '该用户不是主账号', en: 'This user is not main-accounts' },
  identityRequired: { zh: '账号标识不能为空', en: 'Account identity cannot be empty' },
  identityFormat: { zh: '账号标识只能包含字母、数字和下划线', en: 'Account identity may contain only letters, digits and underscores' },
  identityUsed: { zh: '账号标识已存在', en: 'Account identity is already used' },
  companyRequired: { zh: '公司名称不能为空', en: 'Company name cannot be empty' },
  emailRequired: { zh: '邮箱不能为空', en: 'Email cannot be empty' },
  emailFormat: { zh: '邮箱格式错误', en: 'Email format error' },
  accountHasUsers: { zh: '该子账号下仍有用户，无法删除', en: 'This sub-account still has users and cannot be deleted' },
  passwordChanged: { zh: '修改成功', en: 'modify successfully' },
  passwordChangeFailed: { zh: '密码修改失败', en: 'Password change failed' },
  currentPasswordWrong: { zh: '当前密码错误', en: 'The current password is wrong' },
  passwordSame: { zh: '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  passwordPattern: {
    zh: '密码至少8位，且须包含大写字母、小写字母、数字和特殊字符中的至少三类',
    en: 'The password needs at least 8 characters and three of: upper-case letters, lower-case letters, digits, special characters',
  },
  /** Server messages of load protection (issue #22: the bounded queue in front of the traffic engine). */
  trafficBusy: {
    zh: '服务繁忙：统计分析请求过多，请稍后重试',
    en: 'The server is busy: too many analysis requests are waiting. Please try again in a moment',
  },
  /** Server messages of the input and request checks (issue #22). */
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
