// The API as a process of its own (api-child.js) and what Linux tells about that process: its peak resident memory
// (VmHWM, reset between phases), its CPU time (all threads) and what it read from the disk.
import { statusMb } from './proc-status.js';
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, PRODUCT_NODE_FLAGS, ROOT } from '../lib.js';
import { ioCounter } from './threads.js';

/**
 * Starts the API on `dataDir` with the product's V8 flags (plus `nodeFlags`, e.g. `--cpu-prof`) and answers once it
 * listens: `{ pid, url, startMs, stop() }`. `stop()` closes the app in the child (its stores, its threads) and waits for
 * the exit. The child's output goes to this process's output.
 */
export function startApi(dataDir, { nodeFlags = [], env = {} } = {}) {
  const child = fork(join(ROOT, 'bench/support/api-child.js'), [], {
    env: benchEnv(dataDir, env),
    execArgv: [...PRODUCT_NODE_FLAGS, ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.once('message', ({ url, startMs }) => {
      /** Sends `message` and answers the child's next message that has `key`. */
      const ask = (message, key) =>
        new Promise((answered) => {
          const listener = (reply) => {
            if (reply?.[key] === undefined) return;
            child.off('message', listener);
            answered(reply[key]);
          };
          child.on('message', listener);
          child.send(message);
        });
      resolve({
        pid: child.pid,
        url,
        startMs,
        /** Profiles the API thread (node:inspector) until `stopProfile(file)`, which writes the .cpuprofile to `file`. */
        startProfile: () => ask({ profile: 'start' }, 'profiling'),
        stopProfile: (file) => ask({ profile: 'stop', file }, 'profiled'),
        async stop() {
          child.send('close');
          const { code, signal } = await exited;
          if (code !== 0) throw new Error(`The API process ended with ${signal ?? `exit code ${code}`}`);
        },
      });
    });
    exited.then(({ code, signal }) =>
      reject(new Error(`The API process ended before it listened (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * The process's peak resident memory per phase: `peakMb()` is VmHWM, the highest resident set since the start or the
 * last `reset()` (writing 5 to /proc/<pid>/clear_refs sets it to the present resident set). Beside it a sampler reads
 * VmRSS every 50 ms (`sampledPeakMb`), a check on the reset, and RssAnon (`anonPeakMb`): the anonymous memory alone,
 * the memory-mapped event log and read store not counted (issue 40's bound is on it).
 */
export function memoryWatch(pid) {
  let sampled = 0;
  let anon = 0;
  const timer = setInterval(() => {
    try {
      sampled = Math.max(sampled, statusMb(pid, 'VmRSS') ?? 0);
      anon = Math.max(anon, statusMb(pid, 'RssAnon') ?? 0);
    } catch {
      // The process ended.
    }
  }, 50);
  timer.unref();
  return {
    reset() {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      sampled = statusMb(pid, 'VmRSS') ?? 0;
      anon = statusMb(pid, 'RssAnon') ?? 0;
    },
    peakMb: () => statusMb(pid, 'VmHWM'),
    rssMb: () => statusMb(pid, 'VmRSS'),
    anonMb: () => statusMb(pid, 'RssAnon'),
    sampledPeakMb: () => sampled,
    anonPeakMb: () => anon,
    stop: () => clearInterval(timer),
  };
}

/**
 * The process's CPU seconds so far (user and system, all its threads: /proc/<pid>/stat in ticks of 10 ms), its major
 * page faults (pages of the memory-mapped event log read from the disk) and the bytes it read from the disk.
 */
export function processUsage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
    majorFaults: Number(fields[9]),
    readBytes: ioCounter(`/proc/${pid}/io`, 'read_bytes') ?? 0,
  };
}

/** CPU seconds so far of each thread of the process, by thread id (the API thread's id is the process id). */
export function threadCpu(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** Per thread, the CPU seconds used between two `threadCpu` readings: the API thread first, then the others, busiest first. */
export function threadCpuBetween(pid, before, after) {
  const used = [...after].map(([tid, s]) => ({
    thread: tid === pid ? 'API' : String(tid),
    cpuSeconds: Math.round((s - (before.get(tid) ?? 0)) * 100) / 100,
  }));
  return [
    ...used.filter((u) => u.thread === 'API'),
    ...used.filter((u) => u.thread !== 'API' && u.cpuSeconds > 0).sort((a, b) => b.cpuSeconds - a.cpuSeconds),
  ];
}

/** The difference of two `processUsage` readings: CPU seconds, major faults, MB read from the disk. */
export function usageBetween(before, after) {
  return {
    cpuSeconds: Math.round((after.cpuSeconds - before.cpuSeconds) * 100) / 100,
    majorFaults: after.majorFaults - before.majorFaults,
    readMB: Math.round(((after.readBytes - before.readBytes) / 2 ** 20) * 10) / 10,
  };
}
