import { fieldError, ValidationError } from '@coop/contracts';
import type { ReadModels } from '../../platform/http/read-models.js';
import { memberDocuments } from './member-documents.js';

/**
 * Refuses a write that would record personal data of an erased member (issue 27; `memberErased`): its key is gone, and
 * new sealed data would make it anew, outliving the erasure. The one check of every area that writes such data (master
 * data, tax papers, church data, the heirs' account; decision 362). A member unknown to the cooperative passes: the
 * write's own rule answers it.
 */
export async function refuseErasedMember(reads: ReadModels, cooperativeId: string, memberId: string): Promise<void> {
  const [doc] = (await memberDocuments.getMany(reads, cooperativeId, [memberId])).values();
  if (doc?.erased === true) throw new ValidationError([fieldError(null, 'memberErased')]);
}
