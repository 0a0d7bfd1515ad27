/** Personal settings at /page/usersetting (English). */
export default {
  pages: {
    'page/usersetting': {
      menu: 'Personal settings',
      title: 'Personal settings',
      profile: 'Account information',
      username: 'Username',
      account: 'Account',
      accountName: 'Company',
      email: 'Email',
      passwordTitle: 'Change password',
      currentPassword: 'Current password',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      passwordHint: 'At least 8 characters with three of: upper-case letters, lower-case letters, digits, special characters.',
      signOutOthers: 'Sign out my other sessions (other browsers and devices)',
      submit: 'Change password',
      success: 'modify successfully',
      failed: 'Password change failed',
      rules: {
        currentRequired: 'Please enter the current password',
        newRequired: 'Please enter the new password',
        confirmRequired: 'Please confirm the new password',
        confirmMismatch: 'The two passwords do not match',
        sameAsCurrent: 'The new password must differ from the current one',
        pattern: 'The password needs at least 8 characters and three of: upper-case letters, lower-case letters, digits, special characters',
      },
    },
  },
};
