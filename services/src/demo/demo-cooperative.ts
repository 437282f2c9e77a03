/**
 * The demo's opening stage: the one cooperative of an empty store, checked to have no members yet, and
 * its share price, minimum holding and missing master data set through the real command.
 */
import { CommandBus } from '@nestjs/cqrs';
import {
  cooperativeStream,
  DEFAULT_INTEREST_BEGIN_RULE,
  dividendSettingsOf,
  DEFAULT_NOTICE_PERIOD_MONTHS,
  interestBeginRuleOf,
  memberNumberSequenceStream,
  type CooperativeFields,
} from '@coop/contracts';
import { MEMBERS } from '@coop/projections/members';
import type { RunningApp } from '../create-app.js';
import { cooperativeDecider, UpdateCooperativeCommand } from '../cooperatives/index.js';
import type { ShareTerms } from '../kernel/share-terms.js';
import { contextFor, type Actor } from '../platform/commands/command-context.js';
import { DEMO_COOPERATIVE } from './demo-catalogue.js';
import { ibanFor } from './demo-check-digits.js';

/** The demo cooperative's notice period in months when the demo sets its share price. */
export const DEMO_NOTICE_PERIOD_MONTHS = 24;

/** Thrown when the cooperative already has members: the demo only fills an empty store. */
export class DemoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoRefusedError';
  }
}

/** The only cooperative of the store, when it has no members yet; else DemoRefusedError. */
export async function emptyCooperative(running: RunningApp): Promise<string> {
  const cooperativeId = await pickCooperative(running);
  // Members exist when a member number was ever handed out (the sequence stream is written by every admission).
  const seqEvents = await running.storage.events.readStream(memberNumberSequenceStream(cooperativeId));
  const existing = (await running.storage.readStore.find(MEMBERS.name, { cooperativeId, limit: 1 })).total;
  if (seqEvents.length > 0 || existing > 0) {
    throw new DemoRefusedError(
      `The cooperative already has members (${Math.max(existing, seqEvents.length)}). The demo only fills an empty store: ` +
        'point DATA_DIR at a new directory (or remove the old one) and run it again.',
    );
  }
  return cooperativeId;
}

/** The only cooperative of the store (the first start's on a new store). */
async function pickCooperative(running: RunningApp): Promise<string> {
  if (running.firstStart) return running.firstStart.cooperativeId;
  await running.storage.runner.waitFor(await running.storage.events.headPosition(), 60_000);
  const page = await running.storage.readStore.find('cooperatives', { cooperativeId: null, limit: 2 });
  if (page.total !== 1) {
    throw new DemoRefusedError(
      `The store holds ${page.total} cooperatives; the demo fills a new store with one. Point DATA_DIR at a new directory.`,
    );
  }
  return page.items[0]!.id;
}

/** The demo cooperative's tax office (Betriebsstättenfinanzamt). */
export const DEMO_TAX_OFFICE = 'Finanzamt Rosenheim';

/**
 * Sets the share price, minimum holding, notice period and missing master data through the real command, when no share
 * price is set.
 */
export async function prepareCooperative(
  running: RunningApp,
  actor: Actor,
  options: {
    readonly balanceCost?: number | undefined;
    readonly minimumShares?: number | undefined;
    readonly noticePeriodMonths?: number | undefined;
  },
): Promise<{ terms: ShareTerms; name: string }> {
  const id = actor.cooperativeId;
  const load = async (): Promise<Partial<CooperativeFields>> => {
    const recorded = await running.storage.events.readStream(cooperativeStream(id));
    return recorded.reduce((s, e) => cooperativeDecider.evolve(s, e as never), cooperativeDecider.initialState())
      .fields;
  };
  let fields = await load();
  if (!(Number.isSafeInteger(fields.balanceCost) && fields.balanceCost! > 0)) {
    const filled = (v: string | undefined, fallback: string): string =>
      typeof v === 'string' && v.trim() !== '' ? v : fallback;
    const d = DEMO_COOPERATIVE;
    const complete: CooperativeFields = {
      name: filled(fields.name, DEMO_COOPERATIVE.name),
      fullName: filled(fields.fullName, d.fullName),
      address: filled(fields.address, d.address),
      zip: filled(fields.zip, d.zip),
      city: filled(fields.city, d.city),
      email: filled(fields.email, d.email),
      contactPerson: filled(fields.contactPerson, d.contactPerson),
      url: filled(fields.url, d.url),
      taxId: filled(fields.taxId, d.taxId),
      // The tax office printed on the tax certificates (DOMAIN.md 6): the demo cooperative's seat is Rosenheim.
      taxOffice: filled(fields.taxOffice, DEMO_TAX_OFFICE),
      bankname: filled(fields.bankname, d.bankname),
      iban: filled(fields.iban, ibanFor('DE', d.bankCode + d.account)),
      bic: filled(fields.bic, d.bic),
      balanceCost: options.balanceCost ?? 25000,
      minimumShares: options.minimumShares ?? 2,
      // The statutes of an energy cooperative often bind the capital for two years (§ 65 (2) GenG allows up to five).
      noticePeriodMonths: options.noticePeriodMonths ?? DEMO_NOTICE_PERIOD_MONTHS,
      interestBeginRule: fields.interestBeginRule ?? DEFAULT_INTEREST_BEGIN_RULE,
      ...dividendSettingsOf(fields as Record<string, unknown>),
    };
    await running.app.get(CommandBus).execute(new UpdateCooperativeCommand(contextFor(actor), id, complete));
    fields = await load();
  }
  const minimum = fields.minimumShares;
  const period = fields.noticePeriodMonths;
  // The terms as the ledger's command handler reads them (share-terms.reader.ts): the notice period and the interest
  // begin rule decide the demo's effective dates and interest begins as they decide a clerk's.
  return {
    terms: {
      shareCost: fields.balanceCost!,
      minimumShares: Number.isSafeInteger(minimum) && minimum! >= 1 ? minimum! : 1,
      noticePeriodMonths: Number.isSafeInteger(period) && period! >= 1 ? period! : DEFAULT_NOTICE_PERIOD_MONTHS,
      interestBeginRule: interestBeginRuleOf(fields.interestBeginRule),
    },
    name: fields.fullName || fields.name || id,
  };
}
