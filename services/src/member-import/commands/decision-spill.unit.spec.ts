import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ImportRow } from '../import-types.js';
import { generatedRegister, importRow, replayContext } from '../replay/generated-register.js';
import { replayImport, type Decision } from './import-parts.js';
import { DecisionSpill, planHash } from './decision-spill.js';

/*
 * A write's replay hands each decision to its spill as it makes it (issue 40, decision 260): the write never holds
 * every decision, and what the spill gives back, chunk by chunk, is what a replay keeping them all decides, in order,
 * under the plan hash an import begun by an earlier build recorded.
 */

/** A register of 30 members with a refused row, and a settled leaver of the past (a decision the summary does not count). */
function rows(): ImportRow[] {
  const register = generatedRegister(30).map((row) =>
    row.kind === 'postings' && row.values.ref === 'E10'
      ? importRow('postings', row.row, { ...row.values, settlementPayoutDate: '2025-07-01', settlementAmount: 200_000 })
      : row,
  );
  return register;
}

const counted = () => {
  let n = 0;
  return { newId: () => `00000000-0000-7000-8000-${String(n++).padStart(12, '0')}` };
};

describe("a write's decisions staged in a spill (decision 260)", () => {
  let dir: string;
  const spills: DecisionSpill[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'coop-import-spill-'));
  });
  afterEach(() => {
    for (const spill of spills.splice(0)) spill.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const spillOf = (chunkEvents: number): DecisionSpill => {
    const spill = new DecisionSpill(join(dir, 'spill'), chunkEvents);
    spills.push(spill);
    return spill;
  };

  it('gets every decision as the replay makes it, in order, and keeps none: the same plan, hash and answer', () => {
    const kept = replayImport(rows(), replayContext(counted()));
    const spill = spillOf(50);
    let handed = 0;
    const streamed = replayImport(
      rows(),
      replayContext({
        ...counted(),
        onDecision: (d: Decision) => {
          handed += 1;
          spill.add(d);
        },
      }),
    );
    const plan = spill.seal();
    expect(streamed.decisions).toEqual([]);
    expect(handed).toBe(kept.decisions.length);
    const appending = kept.decisions.filter((d) => d.events.length > 0);
    expect(appending.some((d) => d.streamId.startsWith('settlement-'))).toBe(true);
    expect(plan.chunks.length).toBeGreaterThan(5);
    expect(plan.chunks.flatMap((_, i) => plan.read(i))).toEqual(appending);
    expect(plan.events).toBe(appending.reduce((n, d) => n + d.events.length, 0));
    expect(plan.planHash).toBe(planHash(kept.decisions));
    expect(streamed.summary).toEqual(kept.summary);
    expect(streamed.problems).toEqual(kept.problems);
    expect(streamed.warnings).toEqual(kept.warnings);
  });

  it('cuts its chunks as the decisions come, in a file no one else can open and no crash leaves behind', () => {
    const spill = spillOf(10);
    expect(readdirSync(join(dir, 'spill'))).toEqual([]);
    const decision = (n: number): Decision => ({
      streamId: `member-${n}`,
      expected: -1,
      events: [{ type: 'MemberAdmitted', data: { name: 'Schönberger', iban: 'DE02120300000000202051', n } }],
    });
    for (let n = 0; n < 35; n++) spill.add(decision(n));
    expect(() => spill.read(0)).toThrow('not sealed');
    // three chunks of ten are written; the last five wait for the seal
    expect(spill.seal().chunks.map((c) => c.events)).toEqual([10, 10, 10, 5]);
    expect(spill.read(3)).toEqual([30, 31, 32, 33, 34].map(decision));
    expect(() => spill.add(decision(35))).toThrow('sealed');
    expect(() => spill.read(4)).toThrow(RangeError);
  });

  it('seals and hashes the decisions in pieces of text, inside chunks and across them: the same decisions and hash', () => {
    const decisions: Decision[] = Array.from({ length: 5000 }, (_, n) => ({
      streamId: `member-${n}`,
      expected: n % 3 === 0 ? -1 : n,
      events: Array.from({ length: 1 + (n % 3) }, (__, k) => ({
        type: k === 0 ? 'MemberAdmitted' : 'SharesPosted',
        data: { name: `Schönberger-Müßig ${n}`, note: 'ä'.repeat(n % 90), k },
      })),
    }));
    const spill = spillOf(700);
    for (const d of decisions) spill.add(d);
    const plan = spill.seal();
    // 10,000 events in chunks of about 700: many pieces of 64 K characters inside each chunk, some across two
    expect(plan.chunks.length).toBeGreaterThan(12);
    expect(plan.chunks.flatMap((_, i) => plan.read(i))).toEqual(decisions);
    expect(plan.planHash).toBe(planHash(decisions));
  });
});
