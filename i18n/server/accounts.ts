/**
 * Server messages of sub-accounts (domain groups) and the own-password change, beyond the shell's
 * (notMainAccount, identity*, company*, email*, accountHasUsers, password* live in shell.ts).
 */
export default {
  accountsIdentityTooLong: { zh: '账号标识最多64个字符', en: 'Account identity may have at most 64 characters' },
  accountsCompanyTooLong: { zh: '公司名称最多100个字符', en: 'Company name may have at most 100 characters' },
  accountsHasDomains: { zh: '该子账号下仍有域名，无法删除', en: 'This sub-account still has domains and cannot be deleted' },
  accountsHasChildren: { zh: '该子账号下仍有下级子账号，无法删除', en: 'This sub-account still has sub-accounts of its own and cannot be deleted' },
  accountsOldPasswordRequired: { zh: '请输入当前密码', en: 'Please enter the current password' },
  accountsNewPasswordRequired: { zh: '请输入新密码', en: 'Please enter the new password' },
  accountsPasswordNotOwn: { zh: '只能修改自己的密码', en: 'You can only change your own password' },
} as const satisfies Record<string, { zh: string; en: string }>;
