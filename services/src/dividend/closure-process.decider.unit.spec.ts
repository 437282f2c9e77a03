import { describe, expect, it } from '@jest/globals';
import {
  afterClosureStep,
  ClosureDiverged,
  closureSteps,
  nextClosureStep,
  type ClosurePlan,
} from './domain/closure-process.decider.js';

/** A closure of 7 payouts (8 events with the declaration), at most 3 events a step. */
const PLAN: ClosurePlan = { events: 8, chunkEvents: 3 };

describe('closure process: the next step from what the log holds', () => {
  it('given nothing written, when run, then the declaration and the first payouts are appended at no_stream (from 0)', () => {
    expect(nextClosureStep(PLAN, { closed: false, written: 0 })).toEqual({ kind: 'append', from: 0, to: 3 });
  });

  it('given an uninterrupted run, then it appends every event once, in steps of at most chunkEvents, and finishes', () => {
    expect(closureSteps(PLAN, { closed: false, written: 0 })).toEqual([
      { kind: 'append', from: 0, to: 3 },
      { kind: 'append', from: 3, to: 6 },
      { kind: 'append', from: 6, to: 8 },
      { kind: 'finish' },
    ]);
  });

  it('given a run stopped after its second step, when run again, then it appends only what is missing', () => {
    expect(closureSteps(PLAN, { closed: false, written: 6 })).toEqual([
      { kind: 'append', from: 6, to: 8 },
      { kind: 'finish' },
    ]);
  });

  it('given steps of another size before the stop, then it continues from the stream length, not from a step boundary', () => {
    expect(closureSteps(PLAN, { closed: false, written: 4 })).toEqual([
      { kind: 'append', from: 4, to: 7 },
      { kind: 'append', from: 7, to: 8 },
      { kind: 'finish' },
    ]);
  });

  it('given every event written but the year not closed (stopped before the end), then only the end is appended', () => {
    expect(closureSteps(PLAN, { closed: false, written: 8 })).toEqual([{ kind: 'finish' }]);
  });

  it('given the year closed, then nothing is appended (a second run of the same request writes nothing)', () => {
    expect(closureSteps(PLAN, { closed: true, written: 8 })).toEqual([]);
    expect(nextClosureStep(PLAN, { closed: true, written: 8 })).toEqual({ kind: 'done' });
  });

  it('given more events in the stream than the plan, then it refuses to go on (the results differ from what was written)', () => {
    expect(() => nextClosureStep(PLAN, { closed: false, written: 9 })).toThrow(ClosureDiverged);
  });

  it('refuses a step size below one event', () => {
    expect(() => nextClosureStep({ events: 8, chunkEvents: 0 }, { closed: false, written: 0 })).toThrow(RangeError);
  });

  it('a closure without payouts is its declaration and its end', () => {
    expect(closureSteps({ events: 1, chunkEvents: 3 }, { closed: false, written: 0 })).toEqual([
      { kind: 'append', from: 0, to: 1 },
      { kind: 'finish' },
    ]);
  });

  it('afterClosureStep: an append moves the length, the end closes', () => {
    expect(afterClosureStep({ closed: false, written: 3 }, { kind: 'append', from: 3, to: 6 })).toEqual({
      closed: false,
      written: 6,
    });
    expect(afterClosureStep({ closed: false, written: 8 }, { kind: 'finish' })).toEqual({ closed: true, written: 8 });
  });
});
