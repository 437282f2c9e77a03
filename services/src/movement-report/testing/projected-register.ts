import { memberStream, type EventStore, type MemberEvent, type RecordedEvent } from '@coop/contracts';
import { membersProjector, ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { debitMemberDecider, initialDebitMemberState, type DebitMemberState } from '../../direct-debits/index.js';
import { COOP, M } from '../../kernel/testing/member-events.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { MovementSource } from '../queries/movement-source.js';
import type { MovementReportDto } from '@coop/contracts';

/*
 * The movement report's specs on a register built as the product builds it: the member stream's events projected by
 * the members projector into an in-memory read store, the report read from there by `MovementSource`.
 */

/** The report without the cooperative's liability setting (not what these specs are about). */
class Source extends MovementSource {
  override liabilityPerShare(): Promise<number | null> {
    return Promise.resolve(null);
  }
}

let position = 0n;
const recorded = (event: MemberEvent): RecordedEvent =>
  ({
    ...event,
    streamId: memberStream(M),
    revision: 0,
    position: ++position,
    metadata: {
      cooperativeId: COOP,
      user: 'clerk',
      timestamp: '2027-01-10T10:00:00.000Z',
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

/** What a spec does with the register: record the member's events, read a year's report (as of `asOf`). */
export interface ProjectedRegister {
  record(events: readonly MemberEvent[]): Promise<void>;
  report(year: number): Promise<MovementReportDto>;
}

export async function withRegister(
  years: { first: number; last: number; asOf: string },
  run: (register: ProjectedRegister) => Promise<void>,
): Promise<void> {
  const store = new SqliteReadStore(':memory:');
  try {
    await store.ensureCollections(membersProjector.collections);
    const runner = new ProjectionRunner({} as EventStore, store, [membersProjector]);
    const source = new Source(new ReadModels(store));
    await run({
      record: (events) => runner.apply(events.map(recorded)),
      report: (year) => source.report(COOP, year, { first: years.first, last: years.last }, years.asOf),
    });
  } finally {
    await store.close();
  }
}

/** The member's stream folded as the direct debits' decider folds it. */
export const debitState = (events: readonly MemberEvent[]): DebitMemberState =>
  events.reduce(debitMemberDecider.evolve, initialDebitMemberState);

/** A first direct debit of `amount` cents on `balanceId` (mandate a1, payment d1), collected on `date` after `events`. */
export const collected = (
  events: readonly MemberEvent[],
  date: string,
  balanceId: string,
  amount: number,
): MemberEvent[] =>
  debitMemberDecider.decide(
    {
      type: 'BookDebits',
      memberId: M,
      collectionId: 'c1',
      collectionDate: date,
      messageId: 'MSG-1',
      items: [{ memberId: M, balanceId, mandateId: 'a1', paymentId: 'd1', amount, sequence: 'FRST' }],
    },
    debitState(events),
  );
