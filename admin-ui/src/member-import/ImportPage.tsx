import { Alert, Box, Button, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { CheckStep } from './CheckStep';
import { ColumnsStep } from './ColumnsStep';
import type { ImportDryRunDto, ImportInspectionDto, ImportResultDto } from './dto';
import { ImportHistory } from './ImportHistory';
import { problemMessage } from './ProblemsTable';
import {
  carryOver,
  importsNothing,
  initialMapping,
  problemColumn,
  toImportMapping,
  type MappingState,
} from './mapping';
import { dryRun, downloadProblems, inspect, isQueued, writeImport } from './requests';
import type { Run } from './run';
import { UploadStep } from './UploadStep';
import { dryRunOfTask, useTaskEnd, writeOfTask } from './taskResults';
import { WriteStep } from './WriteStep';

const STEPS = ['upload', 'columns', 'check', 'write'] as const;

/** A task's reason (a template with its numbered parameters) in the clerk's language. */
const reasonText = (reason: { template: string; parameters: readonly string[] }): string =>
  problemMessage({
    field: null,
    template: reason.template,
    parameters: Object.fromEntries(reason.parameters.map((p, i) => [String(i), p])),
  });

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * `/administration/import` (ROLE_ADMIN; issue 29): the import of a member register in four steps: upload, columns,
 * check (dry run), write; then the imports so far. The files, the mapping and the last check stay while the clerk
 * moves between the steps or a request fails; a check is for the files and columns it was made with (`revision`).
 */
export default function ImportPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [inspection, setInspection] = useState<ImportInspectionDto | null>(null);
  /** The files the inspection read: after adding or removing one, the files are read again before going on. */
  const [readFiles, setReadFiles] = useState<readonly File[] | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  /** Bumped on every change of the files or the mapping: a check made before is stale. */
  const [revision, setRevision] = useState(0);
  const [check, setCheck] = useState<Run<ImportDryRunDto> | null>(null);
  /** The check whose possible duplicates the clerk confirmed (issue 39): a new check asks again. */
  const [confirmedCheck, setConfirmedCheck] = useState<Run<ImportDryRunDto> | null>(null);
  const [write, setWrite] = useState<Run<ImportResultDto> | null>(null);
  const [busy, setBusy] = useState<'read' | 'check' | 'write' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const checkTask = check && 'taskId' in check ? check : null;
  useTaskEnd(checkTask?.taskId, (task) => {
    void dryRunOfTask(task).then(
      (result) => {
        if (result) setCheck((now) => (now && now === checkTask ? { revision: now.revision, result } : now));
      },
      (failure: unknown) => setError(translate('coop.memberImport.failed', { message: messageOf(failure) })),
    );
  });
  const writeTask = write && 'taskId' in write ? write : null;
  useTaskEnd(writeTask?.taskId, (task) => {
    const summary = check && 'result' in check ? check.result.summary : null;
    const result = summary ? writeOfTask(task, summary) : null;
    if (result) setWrite((now) => (now && now === writeTask ? { revision: now.revision, result } : now));
    else if (task.reason) setError(translate('coop.memberImport.failed', { message: reasonText(task.reason) }));
    void queryClient.invalidateQueries({ queryKey: ['import', 'history'] });
  });

  const stale = check !== null && check.revision !== revision;
  const warned = check !== null && 'result' in check && check.result.warningCount > 0;
  const warningsConfirmed = warned && confirmedCheck === check;
  const checked =
    check && !stale && 'result' in check && check.result.canWrite && (!warned || warningsConfirmed)
      ? check.result.summary
      : null;
  const filesRead =
    readFiles !== null && readFiles.length === files.length && readFiles.every((f, i) => f === files[i]);
  const reachable = (index: number) =>
    index === 0 || (filesRead && inspection !== null && mapping !== null && (index < 2 || !importsNothing(mapping)));

  const attempt = async (what: 'read' | 'check' | 'write', work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(translate('coop.memberImport.failed', { message: messageOf(failure) }));
    } finally {
      setBusy(null);
    }
  };

  const read = () =>
    attempt('read', async () => {
      const read = files;
      const answer = await inspect(read);
      setInspection(answer);
      setReadFiles(read);
      setMapping((before) => carryOver(before, initialMapping(answer.files)));
      setRevision((r) => r + 1);
      setStep(1);
    });

  const runCheck = () => {
    if (!mapping) return;
    const at = revision;
    return attempt('check', async () => {
      const answer = await dryRun(files, toImportMapping(mapping), locale);
      setCheck(isQueued(answer) ? { revision: at, taskId: answer.taskId } : { revision: at, result: answer });
    });
  };

  const runWrite = () => {
    if (!mapping) return;
    const at = revision;
    return attempt('write', async () => {
      const answer = await writeImport(files, toImportMapping(mapping), warningsConfirmed);
      setWrite(isQueued(answer) ? { revision: at, taskId: answer.taskId } : { revision: at, result: answer });
      await queryClient.invalidateQueries({ queryKey: ['import', 'history'] });
      await queryClient.invalidateQueries({ queryKey: ['members'] });
    });
  };

  const changeFiles = (next: File[]) => {
    setFiles(next);
    setRevision((r) => r + 1);
  };
  const changeMapping = (next: MappingState) => {
    setMapping(next);
    setRevision((r) => r + 1);
  };
  const startOver = () => {
    setStep(0);
    setFiles([]);
    setInspection(null);
    setReadFiles(null);
    setMapping(null);
    setCheck(null);
    setWrite(null);
    setError(null);
    setRevision((r) => r + 1);
  };

  return (
    <Box data-testid="import-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('coop.memberImport.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {translate('coop.memberImport.intro')}
      </Typography>
      <Stepper
        nonLinear
        activeStep={step}
        sx={{ mb: 3, maxWidth: 900 }}
        aria-label={translate('coop.memberImport.title')}
        component="nav"
      >
        {STEPS.map((name, index) => (
          <Step
            key={name}
            completed={
              (index === 0 && filesRead) ||
              (index === 1 && check !== null) ||
              (index === 2 && checked !== null) ||
              (index === 3 && write !== null)
            }
          >
            <StepButton
              onClick={() => setStep(index)}
              disabled={!reachable(index)}
              data-testid={`import-step-${name}`}
              aria-current={step === index ? 'step' : undefined}
            >
              {translate(`coop.memberImport.steps.${name}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box aria-live="polite">
        {error ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            data-testid="import-error"
            onClose={() => setError(null)}
            closeText={translate('ra.action.close')}
          >
            {error}
          </Alert>
        ) : null}
      </Box>
      <Box sx={{ maxWidth: 1400 }}>
        {step === 0 ? (
          <UploadStep
            files={files}
            onFiles={changeFiles}
            onRead={() => void read()}
            busy={busy === 'read'}
            readAgain={inspection !== null && !filesRead && files.length > 0}
          />
        ) : null}
        {step === 1 && inspection && mapping ? (
          <ColumnsStep files={inspection.files} fields={inspection.fields} state={mapping} onChange={changeMapping} />
        ) : null}
        {step === 2 && mapping ? (
          <CheckStep
            run={check}
            stale={stale}
            busy={busy === 'check'}
            warningsConfirmed={warningsConfirmed}
            onConfirmWarnings={(confirmed) => setConfirmedCheck(confirmed ? check : null)}
            onRun={() => void runCheck()}
            onDownloadProblems={async () => void (await downloadProblems(files, toImportMapping(mapping), locale))}
            columnOf={(problem) => problemColumn(problem, mapping, inspection?.fields ?? null, locale)}
          />
        ) : null}
        {step === 3 ? (
          <WriteStep
            checked={checked}
            warningsUnconfirmed={warned && !warningsConfirmed && !stale}
            importedBefore={!stale && check !== null && 'result' in check && check.result.alreadyImported !== null}
            busy={busy === 'write'}
            onWrite={() => void runWrite()}
            run={write}
          />
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
        {step > 0 ? (
          <Button variant="outlined" onClick={() => setStep(step - 1)} data-testid="import-back">
            {translate('coop.memberImport.back')}
          </Button>
        ) : null}
        {step > 0 && step < STEPS.length - 1 ? (
          <Button
            variant="contained"
            onClick={() => setStep(step + 1)}
            disabled={!reachable(step + 1)}
            data-testid="import-next"
          >
            {translate('coop.memberImport.next')}
          </Button>
        ) : null}
        {write && 'result' in write ? (
          <Button variant="outlined" onClick={startOver} data-testid="import-start-over">
            {translate('coop.memberImport.startOver')}
          </Button>
        ) : null}
      </Box>
      <ImportHistory />
    </Box>
  );
}
