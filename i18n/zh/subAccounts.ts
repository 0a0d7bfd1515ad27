/** 子账号（域名组），/page/userAccount（中文）。 */
export default {
  resources: {
    'page/userAccount': {
      name: '子账号',
      fields: {
        identity: '账号标识',
        companyName: '公司名称',
        email: '邮箱',
        createTime: '创建时间',
        customer: '上级账号',
      },
      menu: '子账号管理',
      title: '子账号管理',
      createTitle: '新建子账号',
      editTitle: '编辑子账号 %{identity}',
      identityHelper: '字母、数字和下划线，创建后不可修改',
      noAccountToChoose: '没有可选择的账号',
      notMainAccount: '该用户不是主账号',
      noSubAccounts: '当前用户没有子账号',
      created: '子账号已创建',
      updated: '子账号已保存',
      deleted: '子账号已删除',
      deleteTitle: '删除子账号 %{identity}',
      deleteContent: '确定删除子账号 %{identity}（%{company}）吗？此操作不可恢复。',
      rules: {
        identityRequired: '账号标识不能为空',
        identityFormat: '账号标识只能包含字母、数字和下划线',
        identityTooLong: '账号标识最多64个字符',
        companyRequired: '公司名称不能为空',
        companyTooLong: '公司名称最多100个字符',
        emailRequired: '邮箱不能为空',
        emailFormat: '邮箱格式错误',
      },
    },
  },
};
