/**
 * Test-only switch (as first-start.ts has): with `COOP_TEST_STOP_AT` naming this step, the process is killed here
 * (SIGKILL, as a crash or a power loss would stop it), so that a test can start again on what it left. Steps are
 * named `<what>:<step>`, e.g. `rebuild:replayed` (docs/operations.md).
 */
export function testStopAt(step: string): void {
  if (process.env['COOP_TEST_STOP_AT'] === step) process.kill(process.pid, 'SIGKILL');
}
