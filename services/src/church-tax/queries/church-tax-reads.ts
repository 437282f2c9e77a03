import { Injectable } from '@nestjs/common';
import {
  NotFoundError,
  type ChurchQueryKind,
  type MemberChurchTaxDto,
  type ReadDocument,
  type TaskDto,
} from '@coop/contracts';
import { CHURCH_TAX, ELMA_NUMBERS, TASKS } from '@coop/projections';
import { memberDocuments } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';

/** A text field of the church-tax area's own record of a query (`church_tax`). */
const str = (doc: ReadDocument | undefined, f: string): string | null =>
  doc && typeof doc[f] === 'string' ? (doc[f] as string) : null;

/** The church-tax area's reads: a member's church data with where it comes from, a task as queued. */
@Injectable()
export class ChurchTaxReads {
  constructor(readonly reads: ReadModels) {}

  /** The member's church data (`MemberChurchTaxDto`); 404 for a member not of the cooperative. */
  async memberChurchTax(cooperativeId: string, memberId: string): Promise<MemberChurchTaxDto> {
    const member = await memberDocuments.get(this.reads, cooperativeId, memberId);
    const origin = (await this.reads.getMany(CHURCH_TAX, cooperativeId, [memberId])).get(memberId);
    return {
      memberId,
      churchId: member.churchId,
      churchTaxRate: member.churchTaxRate,
      queriedOn: str(origin, 'queriedOn'),
      queryKind: str(origin, 'queryKind') as ChurchQueryKind | null,
      taskId: str(origin, 'taskId'),
    };
  }

  /** Whether the cooperative has an approval number of process `process`. */
  async hasElmaNumber(cooperativeId: string, process: 'km' | 'fs'): Promise<boolean> {
    return (await this.reads.find(ELMA_NUMBERS, cooperativeId, 'elmaProcess', process)) !== undefined;
  }

  /** A task as `GET /tasks/{id}` answers it: the read model's document without its tenant and position. */
  async task(cooperativeId: string, taskId: string): Promise<TaskDto> {
    const { cooperativeId: _c, position: _p, ...dto } = await this.reads.get(TASKS, cooperativeId, taskId, 'Task');
    if (!dto.id) throw new NotFoundError('Task', taskId);
    return dto as unknown as TaskDto;
  }
}
