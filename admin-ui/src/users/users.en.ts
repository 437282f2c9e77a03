/**
 * English texts of the users screen and the change of the own password: `coop.users`, `coop.password`, merged into
 * `i18n/en.ts`. German in `users.de.ts`.
 */
export const usersEn = {
  users: {
    list: 'Users',
    choose: 'Choose a user on the left or add a new one.',
    passwordHint: 'Leave both fields empty to keep the password.',
    newPasswordHint: 'The new user signs in with this password.',
    passwordRule:
      'A password has at least %{min} characters, is not one of the common passwords and does not contain the user name.',
  },
  password: {
    menu: 'Change password',
    title: 'Change your password',
    current: 'Current password',
    new: 'New password',
    repeat: 'Repeat new password',
    changed: 'Your password has been changed.',
  },
};

/** The record names and field labels react-admin looks up by convention: `resources.users`. */
export const usersResourcesEn = {
  users: {
    name: 'User |||| Users',
    // react-admin's delete button notifies `resources.<name>.notifications.deleted`.
    notifications: { deleted: 'User deleted' },
    fields: {
      username: 'Username',
      password: 'Password',
      passwordRepeat: 'Repeat password',
      roles: 'Roles',
    },
  },
};
