import {
  businessToday,
  importStream,
  memberNumberSequenceStream,
  type ExpectedRevision,
  type ImportPlan,
} from '@coop/contracts';
import { memberDocuments, memberName, memberNumberSequenceDecider } from '../../members/index.js';
import type { StreamWriter } from '../../platform/commands/stream-writer.js';
import type { ReadModels } from '../../platform/http/read-models.js';
import type { ClosedYears, ClosedYearsReader, ShareTermsReader } from '../../share-ledger/index.js';
import type { ExistingPerson } from '../import-types.js';
import { ImportIds } from '../domain/import-chunks.js';
import { importedBefore, importRegisterDecider, type ImportedBefore } from '../domain/import-register.decider.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import type { ReplayContext } from './import-parts.js';

/*
 * What an import's replay depends on besides its files (issues 29 and 40), read from the cooperative before a dry run
 * or a write: the import register, the share terms, the closed years, the member-number sequence and the members the
 * duplicates compare. A resume takes what the plan recorded at the start instead, so it decides as the run it finishes.
 */

const SCAN_BATCH = 2000;

/** What a replay depends on besides the files and the members: recorded in the plan, used again by a resume. */
export type FixedContext = Pick<ImportPlan, 'today' | 'terms' | 'closedThrough' | 'sequence' | 'ids'>;

/** A replay for a write: the import's id (its ids derive from it) and, to resume, the plan it was begun with. */
export interface ReplayFor {
  readonly importId: string;
  readonly plan: ImportPlan | null;
}

/**
 * The ids a replay draws: a write's from its import's id (a resume draws the same again), a dry run's the same way from
 * an id of its own (decision 204). A random UUID v7 per id (crypto.getRandomValues on every call) cost 6 % of a
 * 100,000-member dry run; and so the dry run decides exactly as the write then does.
 */
export function replayIds(replay: ReplayFor | undefined): ImportIds {
  return new ImportIds(replay?.importId ?? newRecordId());
}

/** The cooperative as a replay reads it: the context less the sink, and how to complete what the plan records. */
export interface ReadContext {
  readonly before: ImportedBefore | null;
  readonly registerExpected: ExpectedRevision;
  readonly closedYears: ClosedYears;
  readonly replay: Omit<ReplayContext, 'keepDecisions' | 'onDecision'>;
  /** What the plan records, once the replay has drawn its ids. */
  readonly fixed: () => FixedContext;
}

export class ImportContextReader {
  constructor(
    private readonly writer: StreamWriter,
    private readonly shareTerms: ShareTermsReader,
    private readonly closedYears: ClosedYearsReader,
    private readonly reads: ReadModels,
  ) {}

  /** The import register as it stands: the earlier import of `checksum` and the revision read. */
  async register(
    cooperativeId: string,
    checksum: string,
  ): Promise<{ before: ImportedBefore | null; expected: ExpectedRevision }> {
    const register = await this.writer.load(importStream(cooperativeId), importRegisterDecider);
    return { before: importedBefore(register.state, checksum), expected: register.expected };
  }

  /** The replay's context for the cooperative: a write's `replay` (its import's id; a resume's plan), else a dry run's. */
  async read(
    cooperativeId: string,
    replay: ReplayFor | undefined,
  ): Promise<Omit<ReadContext, 'before' | 'registerExpected'>> {
    const plan = replay?.plan ?? null;
    const today = plan ? plan.today : businessToday();
    // A write's ids derive from its import's id; a resume leaves out the members that import wrote already.
    const ids = replay ? replayIds(replay) : null;
    const drawing = ids ?? replayIds(undefined);
    const own = ids && plan ? (id: string) => ids.drawnBy(id, plan.ids) : () => false;
    const [terms, closedYears, { takenMemberNrs, existing }, loadedSequence] = await Promise.all([
      plan ? plan.terms : this.shareTerms.terms(cooperativeId),
      this.closedYears.read(cooperativeId),
      this.existingMembers(cooperativeId, own),
      plan ? null : this.writer.load(memberNumberSequenceStream(cooperativeId), memberNumberSequenceDecider),
    ]);
    const sequence = plan
      ? plan.sequence
      : {
          highest: loadedSequence!.state.highest,
          revision: typeof loadedSequence!.expected === 'number' ? loadedSequence!.expected : -1,
        };
    const closedThrough = plan ? plan.closedThrough : closedYears.closedThrough;
    return {
      closedYears,
      replay: {
        cooperativeId,
        terms,
        today,
        // A resume decides as its start did, which found none of its numbers taken (decision 301): a number given
        // meanwhile is met by the write, on its claim stream, and stops the import with its own reason.
        takenMemberNrs: plan ? new Set<number>() : takenMemberNrs,
        sequence: { state: { highest: sequence.highest }, revision: sequence.revision },
        newId: () => drawing.next(),
        closedThrough,
        existing,
      },
      fixed: () => ({ today, terms, closedThrough, sequence, ids: ids ? ids.drawn : 0 }),
    };
  }

  /**
   * The member numbers held in the cooperative (the members read model, through the members area's reader; the claim
   * streams guard the write itself), and its members as the duplicates compare them (erased members left out: their
   * keys are blanked).
   */
  private async existingMembers(
    cooperativeId: string,
    own: (id: string) => boolean,
  ): Promise<{ takenMemberNrs: Set<number>; existing: ExistingPerson[] }> {
    const taken = new Set<number>();
    const existing: ExistingPerson[] = [];
    for await (const batch of memberDocuments.scan(this.reads, cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        if (own(doc.id)) continue; // written by the import being resumed
        if (doc.memberNr !== null) taken.add(doc.memberNr);
        if (doc.erased) continue;
        const left = doc.exitDate !== null;
        existing.push({
          memberNr: doc.memberNr,
          label: memberName(doc),
          taxIdKey: left ? null : doc.taxIdKey,
          iban: doc.iban,
          nameKey: doc.nameKey,
          birthDate: doc.birthDate,
        });
      }
    }
    return { takenMemberNrs: taken, existing };
  }
}
