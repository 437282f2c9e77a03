/*
 * Templates of background tasks and notifications (issue 24; SPEC.md 8). The console translates each key (en, de);
 * `{0}` is the first numbered parameter. Suggested texts (en / de) per template.
 */

/** Refusals of the task routes (answered `{errors: [{field, template, parameters}]}`), and a rejected task's reason. */
export type TaskTemplate =
  /** "There is no approval number of process km (KiStAM) in the cooperative's settings." / "Es ist keine Zulassungsnummer des Verfahrens km (KiStAM) hinterlegt." (400). */
  | 'missingElmaNoKm'
  /** "There is no approval number of process fs (FSA control report) in the cooperative's settings." / "… des Verfahrens fs (FSAK) …" (400). */
  | 'missingElmaNoFs'
  /** "A task of type {0} is already running for this cooperative (started {1})." / "Eine Aufgabe der Art {0} läuft bereits (gestartet {1})." (409). */
  | 'taskAlreadyRunning'
  /** "It's not allowed to send a FSA of the actual year" / "Eine FSA-Meldung für das laufende Jahr ist nicht zulässig" (the FSAK task's rejection). */
  | 'fsakCurrentYear'
  /** "The task is not waiting for an answer file." (409 of `POST /tasks/kistam/{id}/answer`). */
  | 'taskNotAwaitingInput'
  /** "The file is not a KiStAM answer: {0}" ({0} the reader's English words): no longer answered (decision 302), kept
   *  for the tasks rejected and the notifications raised before; the refusals below say why, each in its own words. */
  | 'invalidAnswerFile'
  /** Why an uploaded KiStAM answer is refused (400 on `file` of `POST /tasks/kistam/{id}/answer`) or its task rejected
   *  (decision 302), `KISTAM_ANSWER_REFUSALS`: "The file is empty" / "Die Datei ist leer". */
  | 'kistamAnswerEmpty'
  /** "The file has more than {0} lines" ({0} ANSWER_MAX_LINES). */
  | 'kistamAnswerTooManyLines'
  /** "The file has no record of type 1 (general data)". */
  | 'kistamAnswerNoRecord1'
  /** "The file is a KiStAM answer of version „{0}“, version {1} is read" ({0} as record 1 has it, maybe empty). */
  | 'kistamAnswerVersion'
  /** "Record 1 of the file (line {0}) has no valid date of the answer („{1}“)" ({1} as given, maybe empty). */
  | 'kistamAnswerDate'
  /** "Record 1 of the file (line {0}) is longer than {1} characters" ({1} ANSWER_RECORD1_MAX; refused unread). */
  | 'kistamAnswerRecord1TooLong'
  /** "Task not found" / "Aufgabe nicht gefunden" (404). */
  | 'taskNotFound'
  /** "File not found" / "Datei nicht gefunden" (404: a task's file replaced or never made). */
  | 'taskFileNotFound'
  /** "Notification not found" / "Benachrichtigung nicht gefunden" (404). */
  | 'notificationNotFound'
  /** "The closure has no members with an exempted amount to report." (the FSAK task's rejection; a nil year). */
  | 'fsakNothingToReport'
  /** "The task was interrupted by a restart and cannot be resumed." / "Die Aufgabe wurde durch einen Neustart unterbrochen." */
  | 'taskInterrupted'
  /** Why the FSA control report cannot include a holder (`FsakImpossibleMemberDto.reasons`, beside `taxIdMissing` and
   *  `spouseTaxIdMissing`): "Name or given name missing" / "Name oder Vorname fehlt". */
  | 'nameMissing'
  /** "Address missing (street, zip code, city; abroad also the country)" / "Anschrift fehlt (Straße, PLZ, Ort; im Ausland auch der Staat)". */
  | 'addressMissing'
  /** "Spouse's name or given name missing (joint exemption order)" / "Name oder Vorname des Ehegatten fehlt (gemeinsamer Freistellungsauftrag)". */
  | 'spouseNameMissing';

/** The refusals of a KiStAM answer file as a whole, one per reason (decision 302; parameters as named above). */
export const KISTAM_ANSWER_REFUSALS = [
  'kistamAnswerEmpty',
  'kistamAnswerTooManyLines',
  'kistamAnswerNoRecord1',
  'kistamAnswerVersion',
  'kistamAnswerDate',
  'kistamAnswerRecord1TooLong',
] as const satisfies readonly TaskTemplate[];
export type KistamAnswerRefusal = (typeof KISTAM_ANSWER_REFUSALS)[number];

/**
 * Headlines of notifications (SPEC.md 8; the `message` of a notification). Parameters as named.
 * - taskStarted: "Started task of type {0}" / "Aufgabe {0} gestartet"
 * - taskCompleted: "Completed task of type {0}" / "Aufgabe {0} abgeschlossen"
 * - taskRejected: "Task of type {0} rejected: {1}" ({1} the reason's template, translated with the parameters that
 *   follow it: [kind, template, its parameters…], as the task's `reason` has them; decision 302)
 * - taskFailed: "Task of type {0} ended with error {1}" / "Aufgabe {0} mit Fehler {1} beendet"
 * - kistamStarted: "KiStAM task started" / "KiStAM-Abfrage gestartet"
 * - kistamRequestReady: "KiStAM request file for {0} members is ready to upload to the BZSt online portal"
 * - kistamAnswerRead: "KiStAM answer read – with church tax: {0}, without church tax: {1}, errors: {2}"
 * - kistamMemberError: "KiStAM error processing member {0}: {1}" ({0} member number, {1} the problem's template)
 * - kistamGenericError: "KiStAM error: {0}"
 * - kistamNoInformation: "No information for member {0} available" ({0} member number)
 * - fsakSent: "FSA control report for {0} is ready (records: {1}, files: {2})" / "FSAK-Meldung für {0} erstellt (Datensätze: {1}, Dateien: {2})"
 * - fsakErrorNumber: "FSAK task ended with error number {0}"
 * - fsakRejectedCurrentYear: "Rejected task because the payment date is in the current year (It's not allowed to send a FSA of the actual year)"
 * - validationFailed: "Entity validation failed: {0}" ({0} the record's kind: member, exemptionOrder, nonAssessment, cooperative)
 * - kistamMembersNotQueried: "KiStAM: {0} members cannot be queried" (issue 43: one per run, its `errors` one per member
 *   with the problem's template, the member number as parameter and a link to the member)
 * - kistamRegularStatusDate: "Regular query: the status on {0} (31 August), for the church tax of {1}" ({0} the status
 *   date, {1} the year it applies to; issue 43: a regular query run after 31 August asks for the last 31 August)
 * - settlementDeadlineNear: "{0} settlement(s) of leavers still to be paid by {1}, the end of the payout period (§ 73 GenG)"
 *   ({0} how many are due by that deadline, {1} the deadline; issue 42: raised once per deadline, a month before it)
 */
export const NOTIFICATION_MESSAGES = [
  'taskStarted',
  'taskCompleted',
  'taskRejected',
  'taskFailed',
  'kistamStarted',
  'kistamRequestReady',
  'kistamAnswerRead',
  'kistamMemberError',
  'kistamGenericError',
  'kistamNoInformation',
  'fsakSent',
  'fsakErrorNumber',
  'fsakRejectedCurrentYear',
  'validationFailed',
  'kistamMembersNotQueried',
  'kistamRegularStatusDate',
  'settlementDeadlineNear',
] as const;
export type NotificationMessage = (typeof NOTIFICATION_MESSAGES)[number];

/**
 * What keeps a member out of a KiStAM query or its answer (issue 24; DOMAIN.md 3.2, 3.3): the problem's template, the
 * second parameter of a `kistamMemberError` notification (the first the member number, the third its detail if any)
 * and the first of a `kistamGenericError` (then the answer file's line number, then the detail if any). `{0}` in these
 * texts is the detail. Suggested texts (en / de):
 * - kistamTaxIdMissing: "no tax identification number" / "keine Steuer-Identifikationsnummer"
 * - kistamTaxIdInvalid: "the tax identification number is not valid (check digit)" / "die Steuer-Identifikationsnummer ist ungültig (Prüfziffer)"
 * - kistamBirthDateMissing: "no date of birth" / "kein Geburtsdatum"
 * - kistamUnknownChurchKey: "the answer names a church key that is not in the key table" / "die Antwort nennt einen unbekannten Kirchensteuerschlüssel" (no detail: CHURCH_NAMING_PROBLEMS)
 * - kistamInvalidRate: "the answer's church tax rate is not above 0 and at most 10" / "der Kirchensteuersatz der Antwort ist ungültig" (no detail)
 * - kistamAnswerError: "BZSt answered with error {0}" / "Das BZSt antwortete mit Fehler {0}"
 * - kistamBirthDateMismatch: "the answer's date of birth differs from the member's" / "das Geburtsdatum der Antwort weicht vom Mitglied ab"
 * - kistamNotRequested: "the answer names a tax identification number this query did not ask for" / "die Antwort nennt eine nicht angefragte Steuer-Identifikationsnummer"
 * - kistamInvalidLine: "the line cannot be read ({0})" / "die Zeile ist nicht lesbar ({0})" ({0} the reader's English
 *   words): no longer raised (decision 302), kept for the notifications raised before; the four below say why.
 * - kistamRecordNotAsked: "the line is a record of type {0}, which this query does not ask for" ({0} the record type)
 * - kistamLineTaxIdInvalid: "the line's tax identification number is not 11 digits"
 * - kistamLineStatusDateInvalid: "the line's status date (Stichtag) is no date"
 * - kistamLineBirthDateInvalid: "the line's date of birth is no date; nothing is recorded" / "das Geburtsdatum der
 *   Zeile ist kein Datum; nichts wird übernommen" (read as none, it skipped the identity check)
 * - kistamLineTwice: "the answer names this tax identification number a second time; the first line counts"
 * - kistamLineIncomplete: "the line has fewer than the nine fields of a record 4 (cut short); nothing is recorded" /
 *   "die Zeile hat weniger als die neun Felder eines Satzes 4 (abgeschnitten); nichts wird übernommen"
 * - kistamKeyMissing: "the answer gives a church tax rate but no church key; nothing is recorded" / "die Antwort nennt
 *   einen Kirchensteuersatz, aber keinen Kirchensteuerschlüssel; nichts wird übernommen" (no detail)
 * - kistamMemberErased: "the member asked about has been erased since (data protection); nothing is recorded" /
 *   "das angefragte Mitglied wurde inzwischen gelöscht (Datenschutz); nichts wird übernommen" (decision 362)
 * - kistamLineStatusDateOutside: "the line's status date (Stichtag) lies before the status date asked for or after the
 *   day the answer was read; nothing is recorded" / "der Stichtag der Zeile liegt vor dem angefragten Stichtag oder
 *   nach dem Tag des Einlesens; nichts wird übernommen"
 */
export const KISTAM_PROBLEMS = [
  'kistamTaxIdMissing',
  'kistamTaxIdInvalid',
  'kistamBirthDateMissing',
  'kistamUnknownChurchKey',
  'kistamInvalidRate',
  'kistamAnswerError',
  'kistamBirthDateMismatch',
  'kistamNotRequested',
  'kistamInvalidLine',
  'kistamRecordNotAsked',
  'kistamLineTaxIdInvalid',
  'kistamLineStatusDateInvalid',
  'kistamLineBirthDateInvalid',
  'kistamLineTwice',
  'kistamMemberErased',
  'kistamLineStatusDateOutside',
  'kistamLineIncomplete',
  'kistamKeyMissing',
] as const;
export type KistamProblem = (typeof KISTAM_PROBLEMS)[number];

/** The problems of an answer line that cannot be read (`kistamGenericError` [problem, line, detail?]; decision 302). */
export type KistamLineProblem = Extract<
  KistamProblem,
  | 'kistamRecordNotAsked'
  | 'kistamLineTaxIdInvalid'
  | 'kistamLineStatusDateInvalid'
  | 'kistamLineBirthDateInvalid'
  | 'kistamLineTwice'
  | 'kistamLineIncomplete'
>;

/**
 * The problems whose detail would be church data (the answer's church key names a religious community; its rate the
 * federal state's church tax): a notification, which every role of the cooperative reads, never carries it (issue 38,
 * docs/security.md "Church data"). The answer file, which needs `church:read`, shows it.
 */
export const CHURCH_NAMING_PROBLEMS: readonly KistamProblem[] = ['kistamUnknownChurchKey', 'kistamInvalidRate'];

/*
 * The dates of the regular church-tax query (KiStAM, DOMAIN.md 3.1): it runs from 1 September to 31 October and BZSt
 * answers the status on 31 August, which applies to the church tax withheld in the following calendar year
 * (§ 51a Abs. 2c S. 1 Nr. 3 S. 1 and Nr. 4 S. 3 EStG). One source for the task (services) and the console's
 * confirmation (issue 43), so both name the same date. Kept beside the notification templates, a file the console
 * already loads: a new module behind the contracts' console entry regrouped the console's chunks (36 files instead of
 * 15 on the first load).
 */

/** The status date of the regular query a run on `today` (`YYYY-MM-DD`) belongs to: the latest 31 August on or before it. */
export function regularStatusDate(today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${String(year)}-08-31`;
  return today >= thisYear ? thisYear : `${String(year - 1)}-08-31`;
}

/** The calendar year whose payouts the status on `statusDate` applies to: the following one. */
export function statusAppliesTo(statusDate: string): number {
  return Number(statusDate.slice(0, 4)) + 1;
}

/** Whether `today` lies in the period of the regular query, 1 September to 31 October. */
export function inRegularQueryPeriod(today: string): boolean {
  const monthDay = today.slice(5);
  return monthDay >= '09-01' && monthDay <= '10-31';
}
