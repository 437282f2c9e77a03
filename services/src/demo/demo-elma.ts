/**
 * The demo cooperative's approval numbers (issue 24): one of process km (KiStAM, 11 digits) and one of process fs (FSA
 * control report, 8 digits starting 1, 3, 5 or 7, not ending 0), so the console can start both BZSt tasks on the demo.
 * Added through the real command, after the cooperative's master data and before the members; they draw nothing from
 * the PRNG, so the members and postings stay as they were.
 */
import { CommandBus } from '@nestjs/cqrs';
import { ELMA_NUMBERS } from '@coop/projections/elma-numbers';
import type { RunningApp } from '../create-app.js';
import { AddElmaNumberCommand } from '../elma-numbers/index.js';
import { contextFor, type Actor } from '../platform/commands/command-context.js';

/** The demo's approval numbers by process (formats of DOMAIN.md 3.5; made up, not BZSt's). */
export const DEMO_ELMA_NUMBERS = { km: '40012345678', fs: '31234567' } as const;

/** Adds each demo approval number whose process the cooperative has none of yet. */
export async function addDemoElmaNumbers(running: RunningApp, actor: Actor): Promise<void> {
  const held = await running.storage.readStore.find(ELMA_NUMBERS.name, {
    cooperativeId: actor.cooperativeId,
    limit: 100,
  });
  const processes = new Set(held.items.map((doc) => doc.elmaProcess));
  for (const [elmaProcess, elmaNumber] of Object.entries(DEMO_ELMA_NUMBERS)) {
    if (processes.has(elmaProcess)) continue;
    await running.app.get(CommandBus).execute(new AddElmaNumberCommand(contextFor(actor), { elmaProcess, elmaNumber }));
  }
}
