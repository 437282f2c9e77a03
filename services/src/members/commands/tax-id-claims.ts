import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  fieldError,
  memberChurchSubject,
  memberDataSubject,
  memberStream,
  taxIdClaimStream,
  taxIdKey,
  type FieldError,
  type KeyStore,
  type StreamAppend,
} from '@coop/contracts';
import { ReadModels } from '../../platform/http/read-models.js';
import { KEY_STORE } from '../../platform/tokens.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { memberDocuments, memberName } from '../queries/member-documents.js';
import { memberMasterDecider } from '../domain/member-master.decider.js';
import { claimantHolds, claimantName, otherClaimant, taxIdClaimDecider } from '../domain/tax-id-claim.decider.js';

/** A tax id taken by a member: `taken` when another holds it, else the claim to append with the member's events. */
export interface TaxIdClaim {
  readonly taken: FieldError | null;
  /** The claim stream's append (none: no tax id, or the member keeps the one it has). */
  readonly appends: readonly StreamAppend[];
}

/** The key-store subject of a cooperative's key for its tax ids' claim streams (never erased). */
const claimKeySubject = (cooperativeId: string): string => `taxid-claims-${cooperativeId}`;

const taken = (memberNr: number | null, name: string): FieldError =>
  fieldError('manualTaxId', 'taxIdTaken', memberNr === null ? '' : String(memberNr), name);

/**
 * A tax id belongs to one person (issue 39, DOMAIN.md 3.2): `taxIdTaken` [number, name] on `manualTaxId` when another
 * member of the cooperative who has not left holds it. The holders are those the members read model names (its
 * `taxIdKey`, per cooperative, blanked on erasure) and the last claimant on the tax id's claim stream while its own
 * stream still holds the tax id (domain/tax-id-claim.decider.ts). A member taking a tax id it did not hold appends a
 * claim at the revision read, in the same write as its own events: of two members taking one tax id at once, the second
 * write meets the first's claim, is decided again (StreamWriter) and is refused.
 *
 * The stream's name holds the tax id only as an HMAC-SHA256 of its digits under a random key of the cooperative's in
 * the key store (the store of the personal data's keys, backed up and restored with them; a key created once and never
 * erased): stream names are not sealed and outlive an erasure, and an unkeyed hash of an 11-digit number is undone by
 * trying them all.
 */
@Injectable()
export class TaxIdClaims {
  /** The cooperatives' claim keys, fetched once (they are never erased or replaced). */
  private readonly keys = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly writer: StreamWriter,
    private readonly reads: ReadModels,
    @Inject(KEY_STORE) private readonly keyStore: KeyStore,
  ) {}

  /**
   * Decides `memberId` taking `taxId` in one attempt of a write: the holder found, or the claim to append (when the tax
   * id is one the member does not hold yet: `held`, its tax id before the write; null on admission).
   */
  async claim(ctx: CommandContext, memberId: string, taxId: string | null, held: string | null): Promise<TaxIdClaim> {
    const cooperativeId = ctx.actor.cooperativeId;
    const key = taxIdKey(taxId);
    if (key === null) return { taken: null, appends: [] };
    const listed = await this.listedHolder(cooperativeId, memberId, key);
    if (listed) return { taken: listed, appends: [] };
    // The member keeps the tax id it has: nothing to claim (a holder found above still refuses, as before the claims).
    if (taxIdKey(held) === key) return { taken: null, appends: [] };
    const streamId = await this.stream(cooperativeId, key);
    const claims = await this.writer.load(streamId, taxIdClaimDecider);
    const other = otherClaimant(claims.state, memberId);
    if (other !== null) {
      const claimant = await this.writer.loadKept(memberStream(other), memberMasterDecider, [
        memberDataSubject(other),
        memberChurchSubject(other),
      ]);
      if (claimantHolds(claimant.state, cooperativeId, key))
        return { taken: taken(claimant.state.memberNr, claimantName(claimant.state)), appends: [] };
    }
    const events = taxIdClaimDecider.decide({ type: 'ClaimTaxId', cooperativeId, memberId }, claims.state);
    return {
      taken: null,
      appends: [{ streamId, expected: claims.expected, events: this.writer.stamp(events, ctx, cooperativeId) }],
    };
  }

  /** Another member the members read model lists with the tax id who has not left (a former member may join again). */
  private async listedHolder(cooperativeId: string, memberId: string, key: string): Promise<FieldError | null> {
    const page = await memberDocuments.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'taxIdKey', op: 'eq', value: key }],
      limit: 10,
    });
    const holder = page.items.find((doc) => doc.id !== memberId && doc.exitDate === null);
    return holder ? taken(holder.memberNr, memberName(holder)) : null;
  }

  /** The claim stream of the tax id `key` (its digits) in the cooperative: named by their keyed digest. */
  private async stream(cooperativeId: string, key: string): Promise<string> {
    const secret = await this.claimKey(cooperativeId);
    return taxIdClaimStream(cooperativeId, createHmac('sha256', secret).update(key).digest('hex'));
  }

  private claimKey(cooperativeId: string): Promise<Buffer> {
    let secret = this.keys.get(cooperativeId);
    if (secret === undefined) {
      secret = this.keyStore.getOrCreate(claimKeySubject(cooperativeId));
      this.keys.set(cooperativeId, secret);
      secret.catch(() => this.keys.delete(cooperativeId));
    }
    return secret;
  }
}
