/*
 * Test-only crash points (issue 40), for processes that write in steps (the import, the closure): with
 * `COOP_TEST_STOP_AT` naming a step, the process is killed there with SIGKILL, as a crash or a power loss would end it,
 * right after the step was stored, so a test starts again on exactly what it left. Never timing. Unset (production) it
 * does nothing. Step names are `<process>:<step>`: `first-start:…`, `import:chunk-written:2`, `closure:step-2`,
 * `rebuild:replayed`, `task:files-stored` (docs/operations.md). The one switch of the house: every process stops through it.
 */
export function stopHereInTests(step: string): void {
  if (process.env['COOP_TEST_STOP_AT'] === step) process.kill(process.pid, 'SIGKILL');
}

/**
 * Test-only pause points (issue 40, decision 199): with `COOP_TEST_PAUSE_AT` naming a step, the process waits there for
 * good (the API and the task runner go on answering), so a test sees the state between two steps, e.g. a closure's
 * progress on the task screen and the console, without timing. Unset (production) it resolves at once. Same step names
 * as `stopHereInTests`.
 */
export async function pauseHereInTests(step: string): Promise<void> {
  if (process.env['COOP_TEST_PAUSE_AT'] !== step) return;
  await new Promise<never>(() => undefined);
}
