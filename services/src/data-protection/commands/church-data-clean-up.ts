import { Injectable } from '@nestjs/common';
import { dataProtectionStream, type ChurchDataErased } from '@coop/contracts';
import { ChurchDataKey, churchTaxOrigins } from '../../church-tax/index.js';
import { memberDocuments } from '../../members/index.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { churchErasureDecider } from '../domain/church-erasure.decider.js';
import { erasureChunks } from '../domain/erasure-chunks.js';
import { DueMembers, showsChurchData } from '../queries/due-members.js';

const SCAN_BATCH = 1000;
/** Members named per `ChurchDataErased` at most (each about 100 bytes; also at most 256 KiB, decision 318). */
const CHURCH_PART_MEMBERS = 2000;

/**
 * The clean-up's church step (decision 101; DOMAIN.md 9.3): the former members whose church data is due
 * (church-due-rule.ts) are named in `ChurchDataErased` on the erasure stream, in parts of at most 2,000 members and
 * 256 KiB (decision 318; the write waits until the read models show their church fields null), each part's church
 * keys deleted after it. It also completes deletions an interruption left
 * undone: the church key of a member named before, or of a member whose last answer was null, while its `members`
 * document shows no church data.
 */
@Injectable()
export class ChurchDataCleanUp {
  constructor(
    private readonly writer: StreamWriter,
    private readonly due: DueMembers,
    private readonly reads: ReadModels,
    private readonly churchKey: ChurchDataKey,
  ) {}

  async run(ctx: CommandContext, asOf: string): Promise<ChurchDataErased['data'] | undefined> {
    const cooperativeId = ctx.actor.cooperativeId;
    const members = (await this.due.churchDue(cooperativeId, asOf, (id) => this.churchKey.readsChurchData(id))).map(
      (m) => ({
        memberId: m.doc.id,
        memberNr: m.doc.memberNr,
        exitDate: m.exitDate,
        dueFrom: m.dueFrom,
      }),
    );
    const erasureId = newRecordId();
    const erase = async (part: typeof members) =>
      this.writer.handle(
        dataProtectionStream(cooperativeId),
        churchErasureDecider,
        { type: 'EraseChurchData' as const, erasureId, cooperativeId, asOf, members: part },
        ctx,
        cooperativeId,
      );
    const erased: ChurchDataErased['data']['members'][number][] = [];
    let run: ChurchDataErased['data'] | undefined;
    let churchErased: ReadonlySet<string> | undefined;
    for (const part of erasureChunks(members, CHURCH_PART_MEMBERS)) {
      const { state, events } = await erase(part);
      churchErased = state.churchErased;
      const written = events[0]?.data as ChurchDataErased['data'] | undefined;
      for (const m of written?.members ?? []) {
        await this.churchKey.erase(m.memberId);
        erased.push(m);
      }
      if (written) run = { ...written, members: erased };
    }
    churchErased ??= (await erase([])).state.churchErased;
    await this.complete(cooperativeId, churchErased);
    return run;
  }

  private async complete(cooperativeId: string, churchErased: ReadonlySet<string>): Promise<void> {
    const answered = new Set<string>();
    for await (const batch of churchTaxOrigins.scan(this.reads, cooperativeId, SCAN_BATCH))
      for (const doc of batch) answered.add(doc.id);
    const keyed: string[] = [];
    for (const memberId of new Set([...churchErased, ...answered]))
      if (await this.churchKey.exists(memberId)) keyed.push(memberId);
    const docs = await memberDocuments.getMany(this.reads, cooperativeId, keyed);
    for (const memberId of keyed) {
      const doc = docs.get(memberId);
      if (!doc || doc.erased || showsChurchData(doc)) continue;
      if (churchErased.has(memberId)) await this.churchKey.erase(memberId);
      else await this.churchKey.eraseAfterNullAnswer(memberId);
    }
  }
}
