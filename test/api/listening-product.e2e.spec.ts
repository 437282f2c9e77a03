/**
 * The test harness's start of a product (test/support/listening-product.ts): a product counts as up only once it printed
 * its own listening line, and one whose port was taken between `freePort()` and its listen is started again on another
 * port. Before, a start answered by another file's server on the same port counted as up, and that server's end was
 * CI's `connect ECONNREFUSED` in a browser test (stop 59). A small Node program stands in for the product here: it
 * listens on the port it is given and prints the product's line, as `services/src/main.ts` does.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { freePort, LISTENING, startListening, type ListeningProduct } from '../support/listening-product.js';

const PROGRAM = `
const server = require('node:http').createServer((req, res) => res.end('mine'));
server.listen(Number(process.argv[1]), '0.0.0.0', () => console.log(${JSON.stringify(LISTENING)}));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
const program = (port: number) =>
  spawn(process.execPath, ['-e', PROGRAM, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });

const get = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const req = request(`http://127.0.0.1:${port}/`, { agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end();
  });

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer((socket) => socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n'));
    server.on('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });

describe('the start of a product on a free port', () => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanUp.splice(0)) await step();
  });
  const stopLater = (started: ListeningProduct) =>
    cleanUp.push(async () => {
      if (started.child.exitCode !== null || started.child.signalCode !== null) return;
      const ended = new Promise((r) => started.child.once('exit', r));
      started.child.kill('SIGTERM');
      await ended;
    });

  it('starts again on another port when the port was taken before the product listened, and answers its own server', async () => {
    const taken = await freePort();
    const other = await listen(taken); // another file's server, which answers every request
    cleanUp.push(() => new Promise((r) => other.close(() => r())));
    const ports: number[] = [];
    const started = await startListening(
      (port) => {
        ports.push(port);
        return program(ports.length === 1 ? taken : port); // the first start finds its port taken
      },
      { timeoutMs: 20_000 },
    );
    stopLater(started);
    expect(ports).toHaveLength(2);
    expect(started.port).toBe(ports[1]);
    expect(started.port).not.toBe(taken);
    expect(await get(started.port)).toBe('mine');
    expect(started.output()).toContain(LISTENING);
  });

  it('refuses a product that ends before it listens for another reason, with what it printed', async () => {
    const start = startListening(() => spawn(process.execPath, ['-e', 'console.error("no key"); process.exit(3)']), {
      timeoutMs: 20_000,
    });
    await expect(start).rejects.toThrow(/ended before it listened \(3\):\nno key/);
  });

  it('gives up after the attempts when every port is taken', async () => {
    const taken = await freePort();
    const other = await listen(taken);
    cleanUp.push(() => new Promise((r) => other.close(() => r())));
    let starts = 0;
    const start = startListening(
      () => {
        starts++;
        return program(taken);
      },
      { timeoutMs: 20_000, attempts: 3 },
    );
    await expect(start).rejects.toThrow(/EADDRINUSE/);
    expect(starts).toBe(3);
  });
});
