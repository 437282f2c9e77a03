import type { ChurchDataRecorded, MemberEvent } from '@coop/contracts';
import { readChurchTaxOrigin } from '@coop/projections/church-tax';
import { versionTag } from '../platform/commands/version-tag.js';

/**
 * A member's church data as one tag: `GET`/`PUT /members/{id}/church-tax` answer it (`masterTag`) and a paper answer
 * sent back with it is refused `409 recordChangedMeanwhile` when the church data are no longer those (a lost update:
 * two clerks typing in answers for one member, the later dialog writing the old church and rate back over a newer
 * answer, and the dividend's church tax computed on them). Every field the `PUT` writes is tagged: church, rate, the
 * query's date, kind and task. Only those routes answer it, and only to `church:read`: the member's own `masterTag`
 * leaves church data out (decision 418), so a reader without `church:read` learns nothing from either tag.
 * Not in domain/: the layer rules keep platform code (versionTag) out of a decider.
 */
export interface TaggedChurchData {
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly queriedOn: string | null;
  readonly queryKind: string | null;
  readonly taskId: string | null;
}

/** Text trimmed and blank as null, absent as null: the read models' documents and the stream's fold compare alike. */
const plain = (value: unknown): unknown =>
  value === undefined || value === null ? null : typeof value === 'string' ? value.trim() || null : value;

/** The tag of church data as answered (`MemberChurchTaxDto`), or as the member stream reads them (churchDataTagOfStream). */
export function churchDataTag(data: TaggedChurchData): string {
  const values = [data.churchId, data.churchTaxRate, data.queriedOn, data.queryKind, data.taskId].map(plain);
  return versionTag(values);
}

/** Where the member's church data come from as its stream says: the last `ChurchDataRecorded`, none before one. */
export type ChurchDataOrigin = Pick<ChurchDataRecorded['data'], 'queriedOn' | 'queryKind' | 'taskId'> | null;

/** The origin after `event`: what the church-tax projector keeps of it (church-tax.projector.ts). */
export function evolveChurchDataOrigin(origin: ChurchDataOrigin, event: MemberEvent): ChurchDataOrigin {
  if (event.type !== 'ChurchDataRecorded') return origin;
  const { queriedOn, queryKind, taskId } = event.data;
  return { queriedOn, queryKind, taskId };
}

/**
 * The tag of the member stream's fold: the church and rate of its master data (as the members read model holds them)
 * and the origin read as the read store reads its document (readChurchTaxOrigin), so the stream and the answer agree.
 */
export function churchDataTagOfStream(
  memberId: string,
  cooperativeId: string,
  master: { readonly churchId?: unknown; readonly churchTaxRate?: unknown } | null,
  origin: ChurchDataOrigin,
): string {
  const read = origin === null ? null : readChurchTaxOrigin({ ...origin, id: memberId, cooperativeId, position: '0' });
  return churchDataTag({
    churchId: plain(master?.churchId) as string | null,
    churchTaxRate: plain(master?.churchTaxRate) as string | null,
    queriedOn: read?.queriedOn ?? null,
    queryKind: read?.queryKind ?? null,
    taskId: read?.taskId ?? null,
  });
}
