/**
 * Test-only switch of a long write's steps (issue 40): with `COOP_TEST_STOP_AT` naming `step`, the process is killed
 * right here (SIGKILL, as a crash or a power loss would end it), after what the step stored, so that a test starts the
 * product again on what it left. A chosen step, never a timer. The first start has the same switch (first-start.ts).
 * Step names: `<process>:<step>`, e.g. `closure:locked`, `closure:step-2`.
 */
export function stopHereInTests(step: string): void {
  if (process.env['COOP_TEST_STOP_AT'] === step) process.kill(process.pid, 'SIGKILL');
}
