// What the threads of a process used: CPU time, major page faults and bytes read from the disk (Linux /proc; null
// elsewhere), read before and after a run to tell the API thread's share from the projection's and the read threads'.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { round } from '../lib.js';

/** One counter of a Linux `io` file (/proc/<pid>/io, /proc/self/task/<tid>/io), or null where there is none. */
export function ioCounter(file, name) {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    return line ? Number(line.split(':')[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by each thread of this process (Linux: /proc/self/task/<tid>/stat, in clock ticks of
 * 10 ms), its major page faults (a page of a memory-mapped file read from the disk: the event log) and the bytes it
 * read from the disk (`read_bytes` of /proc/self/task/<tid>/io: the read store's pages not in the page cache), by
 * thread id; null elsewhere. The API thread's id is the process id.
 */
export function threadTimes() {
  const tasks = '/proc/self/task';
  if (!existsSync(tasks)) return null;
  const out = new Map();
  for (const tid of readdirSync(tasks)) {
    try {
      const stat = readFileSync(`${tasks}/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), {
        cpu: (Number(fields[11]) + Number(fields[12])) / 100,
        majorFaults: Number(fields[9]),
        readBytes: ioCounter(`${tasks}/${tid}/io`, 'read_bytes') ?? 0,
      });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** Per thread, the CPU it used between two readings `seconds` apart: the API thread first, then the others, busiest first. */
export function threadShares(before, after, seconds) {
  if (!before || !after) return null;
  const used = [...after].map(([tid, t]) => {
    const b = before.get(tid);
    return {
      tid,
      seconds: t.cpu - (b?.cpu ?? 0),
      majorFaults: t.majorFaults - (b?.majorFaults ?? 0),
      readMB: round((t.readBytes - (b?.readBytes ?? 0)) / 2 ** 20, 1),
    };
  });
  const named = used.map((u) => ({
    ...u,
    name: u.tid === process.pid ? 'API' : `thread ${u.tid}`,
    percent: Math.round((u.seconds / seconds) * 100),
  }));
  const api = named.find((u) => u.tid === process.pid);
  return [api, ...named.filter((u) => u !== api).sort((a, b) => b.seconds - a.seconds)];
}
