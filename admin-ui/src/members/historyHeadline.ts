import type { HistoryEntry } from './model';

/** A history entry's headline: a catalogue key under `coop.members.history` and its parameters (dates `YYYY-MM-DD`). */
export interface HistoryHeadline {
  readonly key: string;
  readonly date?: string;
}

/**
 * How the history names a membership's end (issue 43), as a clerk reads it:
 * - a notice when it is recorded: "Kündigung erfasst (wirksam zum 31.12.2027)"; a death: "Tod erfasst (…)";
 * - the exit on its effective date: "Mitglied ausgeschieden" once that day has come; before it (an exit recorded ahead
 *   with its notice), "Ausscheiden zum 31.12.2027 vorgemerkt", never "ausgeschieden" on the day it was typed.
 * Null for the other entries (their kind's own headline).
 */
export function endHeadline(
  entry: Pick<HistoryEntry, 'type' | 'notice' | 'exit'>,
  today: string,
): HistoryHeadline | null {
  if (entry.type === 'MembershipEndNoticed' && entry.notice) {
    const base = entry.notice.reason === 'death' ? 'deathRecorded' : 'noticeRecorded';
    const date = entry.notice.effectiveDate;
    return date ? { key: `${base}Effective`, date } : { key: base };
  }
  if (entry.type === 'MemberExited' && entry.exit) {
    return entry.exit.exitDate > today
      ? { key: 'exitScheduled', date: entry.exit.exitDate }
      : { key: 'exitedOn', date: entry.exit.exitDate };
  }
  return null;
}
