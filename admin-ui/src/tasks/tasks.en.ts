import type {
  ChurchQueryKind,
  KistamProblem,
  TaskKind,
  TaskPhase,
  TaskState,
  TaskTemplate,
} from '@coop/contracts/console';

/**
 * English texts of background tasks, KiStAM, FSAK and church data (issue 24), merged into `i18n/en.ts` (`coop.tasks`,
 * `coop.kistam`, `coop.fsak`, `coop.churchTax`; the task templates into `coop.validation`). German in `tasks.de.ts`.
 */
export const tasksEn = {
  tasks: {
    title: 'Tasks',
    empty: 'No tasks yet.',
    kinds: {
      kistam: 'KiStAM',
      fsak: 'FSA control report',
      taxCertificates: 'Tax certificates',
      memberExport: 'Member list export',
      memberPdfs: 'Member PDFs',
      memberImportDryRun: 'Import check',
      memberImport: 'Import',
      dividendClosure: 'Annual dividend closure',
      readModelRebuild: 'Rebuild of the read models',
    } satisfies Record<TaskKind, string>,
    states: {
      queued: 'Queued',
      running: 'Running',
      waiting: 'Waiting for the answer file',
      completed: 'Completed',
      rejected: 'Rejected',
      failed: 'Failed',
      cancelled: 'Cancelled',
    } satisfies Record<TaskState, string>,
    fields: {
      kind: 'Task',
      state: 'State',
      queued: 'Queued',
      progress: 'Progress',
      files: 'Files',
      outcome: 'Result',
    },
    queuedBy: '%{time} by %{user}',
    progress: '%{done} of %{total}',
    progressLabel: 'Progress of the task %{kind}: %{done} of %{total}',
    progressUnknown: 'Progress of the task %{kind}',
    phases: {
      replaying: 'Replaying the event log',
      catchingUp: 'Catching up with new events',
      switching: 'Switching to the new read models',
    } satisfies Record<TaskPhase, string>,
    rebuild: {
      start: 'Rebuild read models',
      started:
        'The rebuild of the read models has been queued. Every screen answers from the current read models until it switches.',
    },
    attempt: 'Attempt %{attempt}',
    runningCount: '%{smart_count} task running |||| %{smart_count} tasks running',
    uploadAnswer: 'Upload answer file',
    answerUploaded: 'The answer file was received and is being read.',
    downloadFailed: 'The file could not be downloaded: %{message}',
    download: 'Download %{name}',
    summary: {
      statusDate: 'Status date',
      regular: 'Regular queries',
      event: 'Event queries',
      problems: 'Members not queried',
      members: 'Members',
      closures: 'Closures',
      years: 'Years',
      requested: 'Requested',
      withChurch: 'With church tax',
      withoutChurch: 'Without church tax',
      errors: 'Errors',
      records: 'Records',
      files: 'Files',
      noInformation: 'No information',
      year: 'Year',
      reportType: 'Report',
      euros: 'Exempted amounts',
      impossible: 'Not reportable',
      certificates: 'Certificates',
      underOneEuro: 'Under one euro',
      postings: 'Postings',
      events: 'Events',
      importProblems: 'Problems',
      written: 'Written (1: yes, 0: already imported)',
    },
    reportTypes: { initial: 'first report', correction: 'correction', cancellation: 'cancellation' },
  },
  kistam: {
    start: 'Start KiStAM',
    title: 'Start KiStAM?',
    question:
      'The church-tax query (KiStAM) selects the members who need a query, checks their tax ids and birth dates and produces the request file for the BZSt online portal. Members it cannot query are reported as notifications.',
    statusDate:
      'Regular query: BZSt answers the church tax status on %{status}. It applies to the dividends paid in %{year}. Members who joined after %{status} are queried for their joining (event query).',
    outsidePeriod:
      'The regular query is meant for 1 September to 31 October; today (%{today}) lies outside that period. Members holding shares on %{status} without an answer for that status are queried all the same.',
    waiting:
      'A KiStAM query of %{date} is waiting for the BZSt answer. Starting again cancels it: no answer can then be uploaded for its request file, even if that file has already been sent to BZSt. If it has, upload the answer to the waiting task instead.',
    waitingLink: 'Open the tasks',
    started: 'The KiStAM task has been queued.',
    starting: 'Starting the task …',
    line: 'line %{line}',
    problems: {
      kistamTaxIdMissing: 'no tax identification number',
      kistamTaxIdInvalid: 'the tax identification number is not valid (check digit)',
      kistamBirthDateMissing: 'no date of birth',
      kistamUnknownChurchKey:
        "the answer names a church key that is not in the key table (the task's answer file shows it)",
      kistamInvalidRate: "the answer's church tax rate is not a percentage above 0 and at most 10",
      kistamAnswerError: 'BZSt answered with error %{2}',
      kistamBirthDateMismatch: "the answer's date of birth differs from the member's",
      kistamNotRequested: 'the answer names a tax identification number this query did not ask for',
      kistamInvalidLine: 'the line cannot be read: %{2}',
      kistamRecordNotAsked: 'the line is a record of type %{2}, which this query does not ask for',
      kistamLineTaxIdInvalid: "the line's tax identification number is not 11 digits",
      kistamLineStatusDateInvalid: "the line's status date (Stichtag) is no date",
      kistamLineBirthDateInvalid: "the line's date of birth is no date; nothing is recorded",
      kistamLineTwice: 'the answer names this tax identification number a second time; the first line counts',
      kistamLineIncomplete: 'the line has fewer than the nine fields of a record 4 (cut short); nothing is recorded',
      kistamKeyMissing: 'the answer gives a church tax rate but no church key; nothing is recorded',
      kistamMemberErased: 'the member asked about has been erased since (data protection); nothing is recorded',
      kistamLineStatusDateOutside:
        "the line's status date (Stichtag) lies before the status date asked for or after the day the answer was read; nothing is recorded",
    } satisfies Record<KistamProblem, string>,
  },
  fsak: {
    button: 'FSA control report',
    title: 'FSA control report for %{year}?',
    closureOf: 'Dividend of %{year}, paid on %{date}',
    loading: 'Checking the closure …',
    records: 'The report will hold %{smart_count} record. |||| The report will hold %{smart_count} records.',
    correction:
      'A report of this closure already exists (%{smart_count}): the new one is sent as a correction. |||| Reports of this closure already exist (%{smart_count}): the new one is sent as a correction.',
    impossibleTitle: 'Members for whom the report is impossible',
    impossibleNone: 'The report is possible for every member.',
    reasons: 'Missing',
    question: 'Create the FSA control report now?',
    started: 'The FSA control report has been queued.',
  },
  churchTax: {
    title: 'Church tax (KiStAM)',
    edit: 'Enter paper answer',
    dialogTitle: 'Church tax from a paper answer',
    hint: 'Leave church and rate empty for an answer without church tax.',
    church: 'Church',
    rate: 'Rate (%)',
    queriedOn: 'Date of the answer',
    queryKind: 'Source',
    appliesFrom: 'Withheld on payouts from',
    appliesFromHint:
      'A regular query applies to the following calendar year; payouts before then keep the earlier church data.',
    none: 'No church tax',
    never: 'Not queried yet',
    saved: 'The church data has been saved.',
    kinds: { regular: 'Regular query', event: 'Event query', paper: 'Paper answer' } satisfies Record<
      ChurchQueryKind,
      string
    >,
  },
};

/** The refusals of the task routes and a rejected task's reason (contracts `TaskTemplate`). */
export const taskValidationEn = {
  missingElmaNoKm: "There is no approval number of process km (KiStAM) in the cooperative's settings.",
  missingElmaNoFs: "There is no approval number of process fs (FSA control report) in the cooperative's settings.",
  taskAlreadyRunning: 'A task of type %{0} is already running for this cooperative (started %{1}).',
  fsakCurrentYear: "It's not allowed to send a FSA of the actual year",
  taskNotAwaitingInput: 'The task is not waiting for an answer file.',
  invalidAnswerFile: 'The file is not a KiStAM answer: %{0}',
  kistamAnswerEmpty: 'The file is empty: upload the answer file of the BOP mailbox (CSV)',
  kistamAnswerTooManyLines:
    'The file has more than %{0} lines, more than a KiStAM answer can have: upload the answer file of the BOP mailbox (CSV)',
  kistamAnswerNoRecord1:
    'The file has no record of type 1 (general data) and so is no KiStAM answer: upload the answer file of the BOP mailbox (CSV)',
  kistamAnswerVersion:
    'The file is a KiStAM answer of version „%{0}“, version %{1} is read: download the answer in the BOP mailbox as CSV of version %{1}',
  kistamAnswerDate:
    'Record 1 of the file (line %{0}) has no valid date of the answer („%{1}“): upload the answer file as the BOP mailbox gives it',
  kistamAnswerRecord1TooLong:
    'Record 1 of the file (line %{0}) is longer than %{1} characters, longer than a KiStAM answer has it: upload the answer file as the BOP mailbox gives it',
  taskNotFound: 'Task not found',
  taskFileNotFound: 'File not found',
  notificationNotFound: 'Notification not found',
  fsakNothingToReport: 'The closure has no members with an exempted amount to report.',
  taskInterrupted: 'The task was interrupted by a restart and cannot be resumed.',
  nameMissing: 'Name or given name missing',
  addressMissing: 'Address missing (street, zip code, city; abroad also the country)',
  spouseNameMissing: "Spouse's name or given name missing (joint exemption order)",
} satisfies Record<TaskTemplate, string>;
