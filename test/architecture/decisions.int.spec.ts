import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

/**
 * Issue 44: `docs/decisions.md` is read as the record of what holds today, so each entry says right under its heading
 * whether it still does: `Status: accepted`, `Status: amended by N[, M…]`, `Status: superseded by N[, M…]`, or, for an
 * entry that chose nothing, `Status: superseded: a finding, see docs/performance.md §X.Y` (the finding lives there).
 * A later decision amends or replaces an earlier one, never the other way round, so every number named must be an
 * entry of the file and larger than the entry's own; a finding's section must be a heading of `docs/performance.md`.
 */
const STATUS =
  /^Status: (?:accepted|(?:amended|superseded) by (\d+(?:, \d+)*)|superseded: a finding, see docs\/performance\.md §(\d+(?:\.\d+)?))$/;
const HEADING = /^## (\d+)\. \S/;

interface Entry {
  number: number;
  heading: string;
  statusLine: string | undefined;
}

function entries(text: string): Entry[] {
  const lines = text.split('\n');
  const found: Entry[] = [];
  lines.forEach((line, index) => {
    const match = HEADING.exec(line);
    if (match) found.push({ number: Number(match[1]), heading: line, statusLine: lines[index + 1] });
  });
  return found;
}

/** The sections of `performance` (`## 20.` and `### 20.30 …` give `20` and `20.30`). */
function sections(performance: string): Set<string> {
  const names = new Set<string>();
  for (const match of performance.matchAll(/^#{2,4} (\d+(?:\.\d+)?)[. ]/gm)) names.add(match[1]!);
  return names;
}

/** What is wrong with the entries of `decisions`, one line per problem; empty when all is well. */
function problems(decisions: string, performance: string): string[] {
  const all = entries(decisions);
  const numbers = new Set(all.map((entry) => entry.number));
  const known = sections(performance);
  const found: string[] = [];
  const seen = new Set<number>();
  for (const entry of all) {
    if (seen.has(entry.number)) found.push(`${entry.heading}: the number is used twice`);
    seen.add(entry.number);
    const match = entry.statusLine === undefined ? null : STATUS.exec(entry.statusLine);
    if (!match) {
      found.push(`${entry.heading}: no status line under the heading (found "${entry.statusLine ?? ''}")`);
      continue;
    }
    for (const named of match[1]?.split(', ').map(Number) ?? []) {
      if (!numbers.has(named)) found.push(`${entry.heading}: names decision ${named}, which is not in the file`);
      else if (named <= entry.number) found.push(`${entry.heading}: names decision ${named}, not a later one`);
    }
    if (match[2] !== undefined && !known.has(match[2])) {
      found.push(`${entry.heading}: docs/performance.md has no section ${match[2]}`);
    }
  }
  return found;
}

const decisions = readFileSync('docs/decisions.md', 'utf8');
const performance = readFileSync('docs/performance.md', 'utf8');

describe('the status lines of docs/decisions.md', () => {
  it('every entry has one, naming later entries that exist and sections that exist', () => {
    expect(entries(decisions).length).toBeGreaterThan(150);
    expect(problems(decisions, performance)).toEqual([]);
  });

  it('finds an entry without a status line', () => {
    const text = '## 1. One\nStatus: accepted\nContext: a.\n\n## 2. Two\nContext: b.\n';
    expect(problems(text, '')).toEqual(['## 2. Two: no status line under the heading (found "Context: b.")']);
  });

  it('finds a status line in another form, or not right under the heading', () => {
    const text =
      '## 1. One\nStatus: replaced\n\n## 2. Two\n\nStatus: accepted\n\n## 3. Three\nStatus: amended by 4 and 5\n\n## 4. Four\nStatus: accepted\n\n## 5. Five\nStatus: accepted\n';
    expect(problems(text, '')).toEqual([
      '## 1. One: no status line under the heading (found "Status: replaced")',
      '## 2. Two: no status line under the heading (found "")',
      '## 3. Three: no status line under the heading (found "Status: amended by 4 and 5")',
    ]);
  });

  it('finds a number that is not a later entry of the file, and a finding whose section is missing', () => {
    const text =
      '## 3. Three\nStatus: amended by 4, 9\n\n## 4. Four\nStatus: superseded by 3\n\n## 5. Five\nStatus: superseded: a finding, see docs/performance.md §20.5\n\n## 6. Six\nStatus: superseded: a finding, see docs/performance.md §20.6\n';
    expect(problems(text, '## 20. Moved\n\n### 20.6 Decision 6: six\n')).toEqual([
      '## 3. Three: names decision 9, which is not in the file',
      '## 4. Four: names decision 3, not a later one',
      '## 5. Five: docs/performance.md has no section 20.5',
    ]);
  });
});
