/** Server messages of the users area: sub-user administration (/shiro/self), sub-accounts, the own-password change. */
export default {
  usersUsernameRequired: { zh: '用户名不能为空', en: 'Username cannot be empty' },
  usersUsernameFormat: {
    zh: '用户名须为3至32位字母、数字、下划线、点或连字符',
    en: 'The username needs 3 to 32 letters, digits, underscores, dots or hyphens',
  },
  usersUsernameUsed: { zh: '用户名已被使用', en: 'Username is already used' },
  usersEmailRequired: { zh: '邮箱不能为空', en: 'Email cannot be empty' },
  usersEmailFormat: { zh: '邮箱格式错误', en: 'Email format error' },
  usersPermissionRequired: { zh: '请至少选择一项权限', en: 'Choose at least one permission' },
  usersPermissionUnknown: { zh: '权限格式错误', en: 'Unknown permission' },
  usersPermissionNotHeld: { zh: '不能授予您自己没有的权限', en: 'You cannot grant a right you do not hold yourself' },
  usersOwnPermissions: { zh: '不能修改自己的权限', en: 'You cannot change your own permissions' },
  usersSelfAction: { zh: '不能停用或删除自己', en: 'You cannot disable or delete yourself' },
  usersPasswordRequired: { zh: '密码不能为空', en: 'Password cannot be empty' },
  usersPasswordLength: { zh: '密码至少8位', en: 'The password needs at least 8 characters' },
  usersPasswordPattern: {
    zh: '密码须包含大写字母、小写字母、数字和特殊字符中的至少三类',
    en: 'The password needs three of: upper-case letters, lower-case letters, digits, special characters',
  },
  usersAccountOutOfScope: { zh: '所选账号不在您的管理范围内', en: 'The chosen account is outside your accounts' },
  usersCreated: { zh: '创建成功', en: 'Created successfully' },
  usersUpdated: { zh: '修改成功', en: 'Updated successfully' },
  usersEnabled: { zh: '已启用', en: 'Enabled' },
  usersDisabled: { zh: '已停用', en: 'Disabled' },
  usersDeleted: { zh: '删除成功', en: 'Deleted successfully' },
  /**
   * Server messages of sub-accounts (domain groups) and the own-password change, beyond the shell's
   * (notMainAccount, identity*, company*, email*, accountHasUsers, password* live in shell.ts).
   */
  accountsIdentityTooLong: { zh: '账号标识最多64个字符', en: 'Account identity may have at most 64 characters' },
  accountsCompanyTooLong: { zh: '公司名称最多100个字符', en: 'Company name may have at most 100 characters' },
  accountsHasDomains: { zh: '该子账号下仍有域名，无法删除', en: 'This sub-account still has domains and cannot be deleted' },
  accountsHasChildren: {
    zh: '该子账号下仍有下级子账号，无法删除',
    en: 'This sub-account still has sub-accounts of its own and cannot be deleted',
  },
  accountsOldPasswordRequired: { zh: '请输入当前密码', en: 'Please enter the current password' },
  accountsNewPasswordRequired: { zh: '请输入新密码', en: 'Please enter the new password' },
  accountsPasswordNotOwn: { zh: '只能修改自己的密码', en: 'You can only change your own password' },
  /** The account's time zone in personal settings (issue #35). */
  timeZoneInvalid: { zh: '时区 timeZone 无效：{value}', en: 'timeZone is not a known time zone: {value}' },
  timeZoneNotMain: {
    zh: '只有账号的主用户可以修改账号时区',
    en: "Only the account's main user can change the account's time zone",
  },
  timeZoneSaved: { zh: '时区已保存', en: 'Time zone saved' },
} as const satisfies Record<string, { zh: string; en: string }>;
