import { Inject, Injectable } from '@nestjs/common';
import { memberChurchSubject, memberStream, type EventStore, type KeyStore } from '@coop/contracts';
import { EVENT_STORE, KEY_STORE } from '../../platform/tokens.js';
import { everHeldChurchData, holdsChurchData } from '../domain/church-data-held.js';

/**
 * The member's church key `member-church-<memberId>` (decision 101): deleting it makes every church value of the
 * member's events read null for good (listed in `erased`), while its other personal data stays under `member-<id>`.
 * A later answer or church data typed in creates a new key.
 */
@Injectable()
export class ChurchDataKey {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
  ) {}

  /**
   * After a null answer is recorded: deletes the member's church key when its stream, read now, holds no church data
   * (the null answer is its last word on church, nothing typed in since). Answers whether a key was deleted.
   * Church data written after the null answer keeps the key: its old values then go with a later null answer, the
   * exit step of the clean-up or the member's erasure.
   */
  async eraseAfterNullAnswer(memberId: string): Promise<boolean> {
    const subject = memberChurchSubject(memberId);
    if ((await this.keys.find(subject)) === undefined) return false;
    if (holdsChurchData(await this.events.readStream(memberStream(memberId)))) return false;
    await this.keys.erase(subject);
    return true;
  }

  /** Deletes the member's church key whatever it seals (the clean-up's exit step, after its event is recorded). */
  async erase(memberId: string): Promise<void> {
    const subject = memberChurchSubject(memberId);
    if ((await this.keys.find(subject)) !== undefined) await this.keys.erase(subject);
  }

  /** True while the member's church key exists. */
  async exists(memberId: string): Promise<boolean> {
    return (await this.keys.find(memberChurchSubject(memberId))) !== undefined;
  }

  /**
   * True while the member's church key exists and its stream reads church data in some event (past or present): what
   * deleting the key would erase. A key that sealed only nulls (a member never in a church) is not worth an erasure.
   */
  async readsChurchData(memberId: string): Promise<boolean> {
    if (!(await this.exists(memberId))) return false;
    return everHeldChurchData(await this.events.readStream(memberStream(memberId)));
  }
}
