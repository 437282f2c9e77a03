import { describe, expect, it } from '@jest/globals';
import { english, german } from '../i18n/catalogues.js';
import {
  bellLabel,
  entityPath,
  fieldLabel,
  headline,
  notificationsQuery,
  problemText,
  readsNotifications,
  templateText,
  UNREAD_COUNT_QUERY,
} from './model.js';

/** A translate function over a catalogue with polyglot's `%{name}` interpolation, `_` default and en/de plural forms, as react-admin's. */
function translator(catalogue: unknown) {
  return (key: string, options: Record<string, unknown> = {}): string => {
    const found = key
      .split('.')
      .reduce<unknown>(
        (t, p) => (t && typeof t === 'object' ? (t as Record<string, unknown>)[p] : undefined),
        catalogue,
      );
    if (typeof found !== 'string') return typeof options._ === 'string' ? options._ : key;
    const forms = found.split(' |||| ');
    const text = forms.length > 1 && options.smart_count !== 1 ? forms[1]! : forms[0]!;
    return text.replace(/%\{(\w+)\}/g, (_m, name: string) => String(options[name] ?? `%{${name}}`));
  };
}
const en = translator(english);
const de = translator(german);

const note = (message: string, parameters: string[], memberNr: number | null = null) => ({
  message,
  parameters,
  memberNr,
});

describe('notification headlines (SPEC 8)', () => {
  it('names the task kind in the clerk language', () => {
    expect(headline(de, note('taskCompleted', ['kistam']))).toBe('Aufgabe KiStAM abgeschlossen');
    expect(headline(en, note('taskCompleted', ['fsak']))).toBe('Completed task of type FSA control report');
    expect(headline(en, note('taskStarted', ['kistam']))).toBe('Started task of type KiStAM');
    expect(headline(de, note('kistamStarted', []))).toBe('KiStAM-Abfrage gestartet');
  });

  it('translates the template of a rejection and of a KiStAM member error', () => {
    expect(headline(en, note('taskRejected', ['fsak', 'fsakCurrentYear']))).toBe(
      "Task of type FSA control report rejected: It's not allowed to send a FSA of the actual year",
    );
    expect(headline(de, note('taskRejected', ['fsak', 'fsakCurrentYear']))).toBe(
      'Aufgabe FSA-Kontrollmeldung abgelehnt: Eine FSA-Meldung für das laufende Jahr ist nicht zulässig',
    );
    expect(headline(en, note('kistamMemberError', ['1042', 'kistamTaxIdMissing'], 1042))).toBe(
      'KiStAM error processing member 1042: no tax identification number',
    );
    expect(headline(de, note('kistamMemberError', ['1042', 'kistamAnswerError', '7'], 1042))).toBe(
      'KiStAM-Fehler bei Mitglied 1042: das BZSt antwortete mit Fehler 7',
    );
    expect(headline(en, note('kistamGenericError', ['kistamInvalidLine', '3', 'duplicate']))).toBe(
      'KiStAM error: the line cannot be read: duplicate (line 3)',
    );
    expect(headline(en, note('kistamMemberError', ['1042', 'invalidTaxId'], 1042))).toBe(
      'KiStAM error processing member 1042: Invalid tax ID (11 digits)',
    );
    // A problem the console has no text for shows its template rather than an empty place.
    expect(headline(en, note('kistamMemberError', ['7', 'someNewProblem'], 7))).toBe(
      'KiStAM error processing member 7: someNewProblem',
    );
  });

  it('fills numbered parameters and names the record of a validation failure', () => {
    expect(headline(en, note('kistamRequestReady', ['1']))).toBe(
      'KiStAM request file for 1 member is ready to upload to the BZSt online portal',
    );
    expect(headline(de, note('kistamRequestReady', ['3']))).toBe(
      'Die KiStAM-Anfragedatei für 3 Mitglieder steht zum Hochladen in das BZSt-Onlineportal bereit',
    );
    expect(headline(en, note('kistamAnswerRead', ['12', '30', '2']))).toBe(
      'KiStAM answer read – with church tax: 12, without church tax: 30, errors: 2',
    );
    expect(headline(de, note('validationFailed', ['exemptionOrder']))).toBe(
      'Validierung fehlgeschlagen: Freistellungsauftrag',
    );
    expect(headline(en, note('unknownMessage', []))).toBe('unknownMessage');
  });

  it('shows a date parameter of a template as dd.MM.yyyy', () => {
    expect(templateText(en, 'taskAlreadyRunning', ['KiStAM', '2026-11-25'])).toBe(
      'A task of type KiStAM is already running for this cooperative (started 25.11.2026).',
    );
  });
});

describe("a KiStAM answer's refusal and its unreadable lines, in the clerk's language (decision 302)", () => {
  it("names why the file is no answer by its own text, the parameters the file's own figures", () => {
    expect(templateText(de, 'kistamAnswerNoRecord1')).toBe(
      'Die Datei enthält keinen Satz der Art 1 (allgemeine Daten) und ist daher keine KiStAM-Antwort: Bitte laden Sie die Antwortdatei aus dem BOP-Postfach (CSV) hoch',
    );
    expect(headline(de, note('taskRejected', ['kistam', 'kistamAnswerVersion', '1', '2']))).toBe(
      'Aufgabe KiStAM abgelehnt: Die Datei ist eine KiStAM-Antwort der Version „1“, gelesen wird Version 2: Bitte laden Sie die Antwort im BOP-Postfach als CSV der Version 2 herunter',
    );
    expect(headline(en, note('taskRejected', ['kistam', 'kistamAnswerDate', '3', '31.02.2025']))).toBe(
      'Task of type KiStAM rejected: Record 1 of the file (line 3) has no valid date of the answer („31.02.2025“): upload the answer file as the BOP mailbox gives it',
    );
  });

  it('names each unreadable line by its problem', () => {
    expect(headline(de, note('kistamGenericError', ['kistamRecordNotAsked', '9', '3']))).toBe(
      'KiStAM-Fehler: die Zeile ist ein Satz der Art 3, nach der diese Abfrage nicht fragt (Zeile 9)',
    );
    expect(headline(de, note('kistamGenericError', ['kistamLineTaxIdInvalid', '10']))).toBe(
      'KiStAM-Fehler: die Steuer-Identifikationsnummer der Zeile hat nicht 11 Ziffern (Zeile 10)',
    );
    expect(headline(en, note('kistamGenericError', ['kistamLineTwice', '4']))).toBe(
      'KiStAM error: the answer names this tax identification number a second time; the first line counts (line 4)',
    );
  });

  it('has a German text of its own for every refusal of the file and every problem of a line', () => {
    const refusals = [
      'kistamAnswerEmpty',
      'kistamAnswerTooManyLines',
      'kistamAnswerNoRecord1',
      'kistamAnswerVersion',
      'kistamAnswerDate',
    ];
    for (const template of refusals) {
      expect(templateText(de, template, ['7', '8'])).not.toBe(template);
      expect(templateText(de, template, ['7', '8'])).not.toBe(templateText(en, template, ['7', '8']));
    }
    for (const problem of [
      'kistamRecordNotAsked',
      'kistamLineTaxIdInvalid',
      'kistamLineStatusDateInvalid',
      'kistamLineBirthDateInvalid',
      'kistamLineTwice',
      'kistamLineIncomplete',
      'kistamMemberErased',
      'kistamLineStatusDateOutside',
    ]) {
      expect(problemText(de, problem, [problem, '2', '3'])).not.toBe(problem);
      expect(problemText(de, problem, [problem, '2', '3'])).not.toBe(problemText(en, problem, [problem, '2', '3']));
    }
  });
});

describe("a rejected task's reason with its parameters (decision 302)", () => {
  it('names the figure the notification carries', () => {
    expect(headline(de, note('taskRejected', ['memberImport', 'importHasProblems', '12']))).toBe(
      'Aufgabe Import abgelehnt: Der Import hat 12 Probleme: Es wurde nichts geschrieben',
    );
    expect(headline(en, note('taskRejected', ['fsak', 'fsakNothingToReport', '2025']))).toBe(
      'Task of type FSA control report rejected: The closure has no members with an exempted amount to report.',
    );
  });
});

describe('where a notification leads', () => {
  it('links each record to its edit page (SPEC 2)', () => {
    expect(entityPath('member', 'm 1')).toBe('/members/m%201');
    expect(entityPath('exemptionOrder', 'o1')).toBe('/exemption-orders/o1');
    expect(entityPath('nonAssessment', 'n1')).toBe('/non-assessment/n1');
    expect(entityPath('cooperative', 'c1')).toBe('/cooperative');
    expect(entityPath('task', 't1')).toBe('/tasks');
    expect(entityPath('dividend', 'd1')).toBe('/dividend/closures/d1');
    expect(entityPath('member', null)).toBeNull();
    expect(entityPath('somethingElse', 'x')).toBeNull();
    expect(entityPath(null, null)).toBeNull();
  });

  it('asks for unseen ones only unless the seen are shown (SPEC 7)', () => {
    expect(notificationsQuery(1, 20, false)).toBe('/notifications?offset=0&limit=20&filter=seen%3A0');
    expect(notificationsQuery(3, 10, true)).toBe('/notifications?offset=20&limit=10');
    expect(UNREAD_COUNT_QUERY).toBe('/notifications?filter=seen:0&limit=1');
  });
});

describe('who sees the notifications', () => {
  it('is the cooperative staff, not a user administrator alone', () => {
    expect(readsNotifications(['ROLE_RESTRICTED_USER'])).toBe(true);
    expect(readsNotifications(['ROLE_USER', 'ROLE_EDIT_USERS'])).toBe(true);
    expect(readsNotifications(['ROLE_EDIT_USERS', 'ROLE_CHANGE_OWN_PASSWORD'])).toBe(false);
    expect(readsNotifications(undefined)).toBe(false);
  });

  it("names a field error's field with the record's label", () => {
    expect(fieldLabel(en, 'member', 'manualTaxId')).toBe('Tax ID');
    expect(fieldLabel(de, 'exemptionOrder', 'amount')).not.toBe('amount');
    expect(fieldLabel(en, 'task', 'whatever')).toBe('whatever');
  });
});

describe('the bell (issue 43)', () => {
  it('is named with the count it shows: "99+" above 99, in both languages', () => {
    expect(bellLabel(en, 101)).toBe('99+ unread notifications');
    expect(bellLabel(de, 101)).toBe('99+ ungelesene Benachrichtigungen');
    expect(bellLabel(en, 99)).toBe('99 unread notifications');
    expect(bellLabel(en, 1)).toBe('1 unread notification');
  });

  it('names a run’s KiStAM members in one headline, by their count (issue 43)', () => {
    expect(headline(de, { message: 'kistamMembersNotQueried', parameters: ['100'], memberNr: null })).toBe(
      'KiStAM: 100 Mitglieder können nicht abgefragt werden',
    );
    expect(
      headline(en, { message: 'kistamRegularStatusDate', parameters: ['2026-08-31', '2027'], memberNr: null }),
    ).toContain('31.08.2026');
  });

  it('reminds of a settlement deadline with the count and the day, in both languages (issue 42)', () => {
    expect(headline(de, { message: 'settlementDeadlineNear', parameters: ['3', '2026-06-30'], memberNr: null })).toBe(
      'Auseinandersetzung: 3 ausgeschiedene Mitglieder sind noch bis 30.06.2026 auszuzahlen, dem Ende der Auszahlungsfrist (§ 73 GenG)',
    );
    expect(headline(en, { message: 'settlementDeadlineNear', parameters: ['1', '2026-06-30'], memberNr: null })).toBe(
      'Settlements: 1 leaver is still to be paid by 30.06.2026, the end of the payout period (§ 73 GenG)',
    );
    expect(entityPath('settlements', '2025')).toBe('/settlements?year=2025');
  });
});
