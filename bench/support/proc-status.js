// One reading of /proc/<pid>/status for the benches (Linux).
import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in kB (VmHWM, VmRSS, RssAnon), as MB; null when the field is missing. */
export function statusMb(pid, field) {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** The anonymous resident memory of a process in MB (RssAnon: mapped files not counted), 0 when it cannot be read. */
export function anonMb(pid) {
  try {
    return statusMb(pid, 'RssAnon') ?? 0;
  } catch {
    return 0; // the process ended
  }
}
