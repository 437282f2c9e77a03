import { Injectable } from '@nestjs/common';
import { ConcurrencyError, fieldError, importStream, ValidationError } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { importRegisterDecider } from '../domain/import-register.decider.js';

/** An import's id as the register writes it (a UUID); anything else is no running import, checked before any read. */
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Attempts when a chunk of the import is appended meanwhile (the register's revision moved). */
const ATTEMPTS = 3;

/**
 * Abandons the running import `importId` (issue 40, decision 200; `POST /import/{id}/abandon`, administrators): appends
 * `RegisterImportAbandoned` on the import register at the revision read, so `importRunning` no longer refuses other
 * imports. A chunk appended meanwhile moves the revision: the decision is taken again on the register as it is then, so
 * the event records the chunks really written, and a chunk after it is refused (its process stops: `Import … is not
 * running`). What the written chunks hold stays. Not running (ended, abandoned, another's id): 409 `importNotRunning`.
 */
@Injectable()
export class AbandonImport {
  constructor(private readonly writer: StreamWriter) {}

  async abandon(ctx: CommandContext, importId: string): Promise<void> {
    if (!IMPORT_ID.test(importId))
      throw new ConflictingStateError([fieldError(null, 'importNotRunning', importId.slice(0, 64))]);
    const cooperativeId = ctx.actor.cooperativeId;
    const stream = importStream(cooperativeId);
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.writer.load(stream, importRegisterDecider);
      let events;
      try {
        events = importRegisterDecider.decide(
          { type: 'AbandonImport', importId, by: ctx.actor.username, at: new Date().toISOString() },
          loaded.state,
        );
      } catch (error) {
        throw error instanceof ValidationError ? new ConflictingStateError(error.errors) : error;
      }
      try {
        await this.writer.appendAll([
          { streamId: stream, expected: loaded.expected, events: this.writer.stamp(events, ctx, cooperativeId) },
        ]);
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= ATTEMPTS) throw new ConflictingStateError([fieldError(null, 'importNotRunning', importId)]);
      }
    }
  }
}
