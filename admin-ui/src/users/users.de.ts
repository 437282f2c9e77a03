import type { Messages } from '../i18n/messages';
import type { usersEn, usersResourcesEn } from './users.en';

/**
 * German texts of the users screen and the change of the own password (the keys of `users.en.ts`; formal "Sie"), merged
 * into `i18n/de.ts`.
 */
export const usersDe: Messages<typeof usersEn> = {
  users: {
    list: 'Benutzer',
    choose: 'Wählen Sie links einen Benutzer oder legen Sie einen neuen an.',
    passwordHint: 'Lassen Sie beide Felder leer, um das Passwort zu behalten.',
    newPasswordHint: 'Mit diesem Passwort meldet sich der neue Benutzer an.',
    passwordRule:
      'Ein Passwort hat mindestens %{min} Zeichen, ist keines der häufigen Passwörter und enthält nicht den Benutzernamen.',
  },
  password: {
    menu: 'Passwort ändern',
    title: 'Ihr Passwort ändern',
    current: 'Aktuelles Passwort',
    new: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    changed: 'Ihr Passwort wurde geändert.',
  },
};

/** German record names and field labels (`resources.users`). */
export const usersResourcesDe: Messages<typeof usersResourcesEn> = {
  users: {
    name: 'Benutzer |||| Benutzer',
    // react-admin's delete button notifies `resources.<name>.notifications.deleted`.
    notifications: { deleted: 'Benutzer gelöscht' },
    fields: {
      username: 'Benutzername',
      password: 'Passwort',
      passwordRepeat: 'Passwort wiederholen',
      roles: 'Rollen',
    },
  },
};
