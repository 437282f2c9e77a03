import { Injectable } from '@nestjs/common';

/**
 * The session versions this process has ended before the read models show it (issue 38). A password change or reset,
 * a role change and a sign-out write an event on the user's stream; its stream revision becomes the user's session
 * version in the credentials read model (`sessionVersion`), and a token works only while it carries the current one.
 * The write notes the revision here at once, so the next request of any old token is refused even when the write
 * was answered before the projections caught up (`202`); once the read model shows it, the note is dropped.
 */
@Injectable()
export class SessionVersions {
  private readonly ended = new Map<string, number>();
  /**
   * The new version for the request that ended its own user's sessions (a password change, a change of the own
   * roles), by the request's actor object: that request alone answers with a token of the new version.
   */
  private readonly renewals = new WeakMap<object, number>();

  /**
   * The write of `userId`'s stream at `revision` ended the sessions before it. `renew`: the actor of the request that
   * wrote it, when that request keeps its session (not a sign-out) and acted on its own user.
   */
  endedAt(userId: string, revision: number, renew?: object): void {
    const known = this.ended.get(userId);
    if (known === undefined || revision > known) this.ended.set(userId, revision);
    if (renew) this.renewals.set(renew, Math.max(revision, this.renewals.get(renew) ?? 0));
  }

  /** The version the request of `actor` continues its session with, when the request ended its own sessions. */
  renewalFor(actor: object): number | undefined {
    return this.renewals.get(actor);
  }

  /** The user's current session version: the credentials' `sessionVersion`, or a later one written here. */
  current(userId: string, projected: unknown): number {
    const version = typeof projected === 'number' && Number.isSafeInteger(projected) ? projected : 0;
    const noted = this.ended.get(userId);
    if (noted === undefined) return version;
    if (version >= noted) {
      this.ended.delete(userId);
      return version;
    }
    return noted;
  }

  /** The version noted for the user, if the read models do not show it yet. */
  noted(userId: string): number | undefined {
    return this.ended.get(userId);
  }
}
