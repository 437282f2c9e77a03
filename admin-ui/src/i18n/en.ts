import type { Role, ValidationTemplate } from '@coop/contracts/console';
import { VALIDATION_MESSAGES_EN } from '@coop/contracts/console';
import { shellEn } from './shell.en';
import { commonEn } from './common.en';
import { membersEn, membersResourcesEn } from '../members/members.en';
import { balancesEn, balancesResourcesEn } from '../balances/balances.en';
import { sharesEn, sharesResourcesEn } from '../shares/shares.en';
import { taxPapersEn, taxPapersResourcesEn } from '../taxPapers/taxPapers.en';
import { usersEn, usersResourcesEn } from '../users/users.en';
import { cooperativeEn, cooperativeResourcesEn } from '../cooperative/cooperative.en';
import { administrationEn } from '../administration/administration.en';
import { elmaNumbersEn, elmaNumbersResourcesEn } from '../elmaNumbers/elmaNumbers.en';
import { dashboardEn } from '../dashboard/dashboard.en';
import { dividendEn } from '../dividend/dividend.en';
import { tasksEn, taskValidationEn } from '../tasks/tasks.en';
import { notificationsEn } from '../notifications/notifications.en';
import { payoutsEn } from '../dividend/payouts.en';
import { exportsEn } from '../dashboard/exports.en';
import { importEn } from '../member-import/import.en';
import { settlementsEn } from '../settlements/settlements.en';
import { remindersEn } from '../payment-reminders/reminders.en';
import { bankStatementsEn } from '../bank-statements/bankStatements.en';
import { directDebitsEn } from '../direct-debits/directDebits.en';

/** The console's own messages beside the API's templates: its input checks and the text for a template it lacks. */
type ConsoleValidationKey = 'invalidAmount' | 'wholeNumber' | 'unknown';

/**
 * English product strings: the shared refusals and notices here, the shell's and the common words in `shell.en.ts` and
 * `common.en.ts`, each area's texts beside its screens (`<area>/<area>.en.ts`). Every key exists in `de.ts` too
 * (checked by the compiler through `Messages` and by `messages.unit.spec.ts`). react-admin's own strings (`ra.*`) come
 * from ra-language-english; `resources.*` holds the field labels react-admin looks up by convention.
 */
export const en = {
  coop: {
    roles: {
      ROLE_SUPER_ADMIN: 'Super administrator',
      ROLE_ADMIN: 'Administrator',
      ROLE_USER: 'User',
      ROLE_RESTRICTED_USER: 'Restricted user',
      ROLE_CHANGE_OWN_PASSWORD: 'Change own password',
      ROLE_EDIT_USERS: 'Edit users',
      ROLE_ALLOWED_TO_SWITCH: 'Switch user',
    } satisfies Record<Role, string>,
    validation: {
      ...VALIDATION_MESSAGES_EN,
      // Every template of the API (contracts `ValidationTemplate`) has its text: one without fails the type check.
      ...taskValidationEn,
    } satisfies Record<ValidationTemplate | ConsoleValidationKey, string>,
    errors: {
      http: 'The request failed (HTTP %{status})',
      network: 'The server cannot be reached',
      notYetShown: 'Your last change is saved but does not show yet. Please try again in a moment.',
      invalidForm: 'Please correct the marked fields',
      savedNotYetShown: 'Saved. It does not show in the lists yet and will in a moment. Do not enter it again.',
    },
    // What a write did (successMessages.ts), from the API's answer; react-admin's "Element created" otherwise.
    notify: {
      members: { created: 'Member %{nr} created', updated: 'Member %{nr} saved' },
      balances: {
        '1': '%{smart_count} share subscribed |||| %{smart_count} shares subscribed',
        '2': '%{smart_count} share terminated |||| %{smart_count} shares terminated',
        '3': '%{smart_count} share transferred to member %{to} |||| %{smart_count} shares transferred to member %{to}',
        '5': 'Posting annulled',
        '6': 'Death of member %{nr} recorded',
        '7': 'Exclusion of member %{nr} recorded',
        '8': 'Notice of termination of member %{nr} recorded',
      },
      shares: { updated: 'Share register entry of member %{nr} corrected' },
      exemptionorders: {
        created: 'Exemption order of member %{nr} saved',
        updated: 'Exemption order of member %{nr} corrected',
      },
      nonassessments: {
        created: 'Non-assessment certificate of member %{nr} saved',
        updated: 'Non-assessment certificate of member %{nr} corrected',
      },
      users: { created: 'User %{name} created', updated: 'User %{name} saved' },
      elmanumbers: { created: 'ELMA number %{number} created', updated: 'ELMA number %{number} saved' },
      cooperatives: { updated: 'Cooperative %{name} saved' },
    },
    payouts: payoutsEn,
    exports: exportsEn,
    memberImport: importEn,
    settlements: settlementsEn,
    reminders: remindersEn,
    bankStatements: bankStatementsEn,
    directDebits: directDebitsEn,
    // Each area's texts beside its screens (decision 245): a key an area repeats from above fails the type check, one
    // that two areas give fails areaTexts.unit.spec.ts.
    ...shellEn,
    ...commonEn,
    ...membersEn,
    ...balancesEn,
    ...sharesEn,
    ...taxPapersEn,
    ...usersEn,
    ...cooperativeEn,
    ...administrationEn,
    ...elmaNumbersEn,
    ...dashboardEn,
    ...dividendEn,
    ...tasksEn,
    ...notificationsEn,
  },
  resources: {
    ...usersResourcesEn,
    ...cooperativeResourcesEn,
    ...membersResourcesEn,
    ...balancesResourcesEn,
    ...sharesResourcesEn,
    ...elmaNumbersResourcesEn,
    ...taxPapersResourcesEn,
  },
};
