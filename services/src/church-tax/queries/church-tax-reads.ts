import { Injectable } from '@nestjs/common';
import type { MemberChurchTaxDto, TaskDto } from '@coop/contracts';
import { approvalNumberOf } from '../../elma-numbers/index.js';
import { memberDocuments } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { taskDocuments, toTaskDto } from '../../tasks/index.js';
import { churchDataTag } from '../church-data-tag.js';
import { churchTaxOrigins } from './church-tax-origins.js';

/** The church-tax area's reads: a member's church data with where it comes from, a task as queued. */
@Injectable()
export class ChurchTaxReads {
  constructor(readonly reads: ReadModels) {}

  /** The member's church data (`MemberChurchTaxDto`) with their tag; 404 for a member not of the cooperative. */
  async memberChurchTax(cooperativeId: string, memberId: string): Promise<MemberChurchTaxDto> {
    const member = await memberDocuments.get(this.reads, cooperativeId, memberId);
    const origin = (await churchTaxOrigins.getMany(this.reads, cooperativeId, [memberId])).get(memberId);
    const data = {
      churchId: member.churchId,
      churchTaxRate: member.churchTaxRate,
      queriedOn: origin?.queriedOn ?? null,
      queryKind: origin?.queryKind ?? null,
      taskId: origin?.taskId ?? null,
    };
    // The church data as answered, as a tag to send back with a paper answer (a lost update is refused, not written).
    return { memberId, ...data, masterTag: churchDataTag(data) };
  }

  /** Whether the cooperative has an approval number of process `process`. */
  async hasElmaNumber(cooperativeId: string, process: 'km' | 'fs'): Promise<boolean> {
    return (await approvalNumberOf(this.reads, cooperativeId, process)) !== undefined;
  }

  /** A task as `GET /tasks/{id}` answers it (the tasks area's `toTaskDto`); another cooperative's or none: 404. */
  async task(cooperativeId: string, taskId: string): Promise<TaskDto> {
    return toTaskDto(await taskDocuments.get(this.reads, cooperativeId, taskId));
  }
}
