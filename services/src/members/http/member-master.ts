import type { MemberMasterData } from '@coop/contracts';
import { MASTER_FIELDS } from '../queries/member-reads.js';

/** A checked member body: the master fields of `MemberAdmission` or `MemberMasterChange` (contracts). */
type MasterBody = { readonly [K in keyof MemberMasterData]: MemberMasterData[K] | null };

/**
 * The master data of a checked member body (the pipe answered its shape errors; every required field is filled), as
 * the deciders take it: the master fields only (not `shareAmount` or `memberNr`).
 */
export function masterOf(body: MasterBody): MemberMasterData {
  const master: Record<string, unknown> = {};
  for (const field of MASTER_FIELDS) master[field] = body[field] ?? null;
  return master as unknown as MemberMasterData;
}
