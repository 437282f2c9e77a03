/**
 * The built product in a child process, on a port of its own.
 *
 * A free port is found by listening on port 0 and closing again, so another process may take the same port before the
 * product listens on it: Jest runs two files at once, and each starts products. The product counts as up only once it
 * printed its own "Coop Ledger is running" line, which `main.ts` prints after its listen succeeded (a ping could be
 * answered by the other file's server, which then goes away: CI's `connect ECONNREFUSED` of stop 59). When it ends
 * because the port was taken (EADDRINUSE), it is started again on another port.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listened on a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ListeningProduct {
  readonly child: ChildProcess;
  readonly port: number;
  /** What it wrote to stdout and stderr so far (also after the start). */
  output(): string;
}

/** The line `services/src/main.ts` prints once the server listens. */
export const LISTENING = 'Coop Ledger is running';

/** What the product prints when its port was taken between `freePort()` and its listen. */
const PORT_TAKEN = 'EADDRINUSE';

/**
 * Starts the product with `start(port)` and resolves once it printed {@link LISTENING}. Rejects with its output when it
 * ends first for another reason, or when `timeoutMs` pass (then it is killed). A start on a taken port is repeated on a
 * new port, at most `attempts` times.
 */
export async function startListening(
  start: (port: number) => ChildProcess,
  { timeoutMs, attempts = 5 }: { timeoutMs: number; attempts?: number },
): Promise<ListeningProduct> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = start(port);
    let log = '';
    let listening = false;
    const outcome = await new Promise<'listening' | 'port taken'>((resolveStart, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`The product did not listen on port ${port} within ${timeoutMs} ms:\n${log}`));
      }, timeoutMs);
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (!listening && log.includes(LISTENING)) {
          listening = true;
          clearTimeout(timer);
          resolveStart('listening');
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (listening) return;
        if (log.includes(PORT_TAKEN) && attempt < attempts) resolveStart('port taken');
        else reject(new Error(`The product ended before it listened (${code ?? signal}):\n${log}`));
      });
    });
    if (outcome === 'listening') return { child, port, output: () => log };
  }
}
