/** 个人设置，/page/usersetting（中文）。 */
export default {
  pages: {
    'page/usersetting': {
      menu: '个人设置',
      title: '个人设置',
      profile: '账号信息',
      username: '用户名',
      account: '账号',
      accountName: '公司',
      email: '邮箱',
      passwordTitle: '修改密码',
      currentPassword: '当前密码',
      newPassword: '新密码',
      confirmPassword: '确认新密码',
      passwordHint: '至少8位，且包含大写字母、小写字母、数字和特殊字符中的至少三类。',
      signOutOthers: '退出我在其他浏览器和设备上的登录',
      submit: '修改密码',
      success: '修改成功',
      failed: '密码修改失败',
      rules: {
        currentRequired: '请输入当前密码',
        newRequired: '请输入新密码',
        confirmRequired: '请再次输入新密码',
        confirmMismatch: '两次输入的密码不一致',
        sameAsCurrent: '新密码不能与当前密码相同',
        pattern: '密码至少8位，且须包含大写字母、小写字母、数字和特殊字符中的至少三类',
      },
    },
  },
};
