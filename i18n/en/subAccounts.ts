/** Sub-accounts (domain groups) at /page/userAccount (English). */
export default {
  resources: {
    'page/userAccount': {
      name: 'Sub-account |||| Sub-accounts',
      fields: {
        identity: 'Account identity',
        companyName: 'Company name',
        email: 'Email',
        createTime: 'Create time',
        customer: 'Parent account',
      },
      menu: 'Sub-accounts',
      title: 'Sub-accounts',
      createTitle: 'New sub-account',
      editTitle: 'Edit sub-account %{identity}',
      identityHelper: 'Letters, digits and underscores; cannot be changed later',
      noAccountToChoose: 'No account to choose from',
      notMainAccount: 'This user is not main-accounts',
      noSubAccounts: 'Current user has no sub accounts',
      created: 'Sub-account created',
      updated: 'Sub-account saved',
      deleted: 'Sub-account deleted',
      deleteTitle: 'Delete sub-account %{identity}',
      deleteContent: 'Delete the sub-account %{identity} (%{company})? This cannot be undone.',
      rules: {
        identityRequired: 'Account identity cannot be empty',
        identityFormat: 'Account identity may contain only letters, digits and underscores',
        identityTooLong: 'Account identity may have at most 64 characters',
        companyRequired: 'Company name cannot be empty',
        companyTooLong: 'Company name may have at most 100 characters',
        emailRequired: 'Email cannot be empty',
        emailFormat: 'Email format error',
      },
    },
  },
};
