/**
 * Demo data: a German cooperative with members and ten years of postings, written into an empty
 * store through the real domain. Every event comes out of the deciders (member, member-number,
 * cooperative), exactly as the command handlers would produce it; the events are appended in
 * chronological order in large `appendMulti` batches (no HTTP, no per-command read-your-writes wait),
 * and the projections catch up at the end. Deterministic for a given seed and day: ids, names and
 * postings come from a seeded PRNG (only the event timestamps are the real time of the run).
 *
 * `npm run demo` (services/dist/demo/main.js) is the command line; the benchmarks and the e2e test
 * call `fillDemo` on a running app.
 */
import { CommandBus } from '@nestjs/cqrs';
import {
  cooperativeStream,
  isValidIban,
  isValidSteuerId,
  memberNumberSequenceStream,
  memberNumberStream,
  memberStream,
  ROLES,
  steuerIdCheckDigit,
  ValidationError,
  type CooperativeFields,
  type DomainEvent,
  type GermanState,
  type NewEvent,
  type StreamAppend,
} from '@coop/contracts';
import { MEMBERS } from '@coop/projections';
import type { RunningApp } from '../create-app.js';
import { cooperativeDecider, UpdateCooperativeCommand } from '../cooperatives/index.js';
import { businessToday } from '../kernel/business-date.js';
import type { MemberState } from '../kernel/member-stream.js';
import type { ShareTerms } from '../kernel/share-terms.js';
import {
  memberDecider,
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  type MemberCommand,
  type MemberMasterInput,
  type MemberNumberSequenceState,
} from '../members/index.js';
import { transferCounterpartToAnnul } from '../share-ledger/index.js';
import { contextFor, metadataFor, type Actor } from '../platform/commands/command-context.js';
import {
  CHURCHES_NORTH,
  CHURCHES_SOUTH,
  DEMO_COOPERATIVE,
  FEMALE_GIVEN,
  FOREIGN_PLACES,
  GERMAN_BANKS,
  HOME_TOWNS,
  LEGAL_ENTITIES,
  MALE_GIVEN,
  OTHER_TOWNS,
  STREETS,
  SURNAMES,
  type ForeignPlace,
} from './demo-catalogue.js';
import { chance, int, pick, prng, uuid, type Random } from './demo-random.js';
import { decideTaxPapers, type PaperHolder, type PaperSummary } from './demo-tax-papers.js';

export interface DemoOptions {
  /** PRNG seed (default 1). */
  readonly seed?: number;
  /** Members to admit (default 300). */
  readonly members?: number;
  /**
   * About how many postings in all (admissions included). Default: the realistic activity of a
   * small cooperative (about three per member over the ten years). The benchmarks ask for ten per member.
   */
  readonly postings?: number;
  /** First and last business year of the history (default 2016 to 2025). */
  readonly fromYear?: number;
  readonly toYear?: number;
  /** Stream appends per `appendMulti` call (default 4000). */
  readonly batchSize?: number;
  /** Share price in cents and minimum holding set when the cooperative has no share price yet (default 25000 and 2). */
  readonly balanceCost?: number;
  readonly minimumShares?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface DemoSummary {
  readonly cooperativeId: string;
  readonly cooperativeName: string;
  readonly terms: ShareTerms;
  readonly seed: number;
  readonly members: number;
  readonly legalEntities: number;
  readonly couples: number;
  readonly foreign: number;
  readonly minors: number;
  readonly withTaxId: number;
  readonly withChurch: number;
  /** Postings by balance type (0 to 8). */
  readonly postingsByType: Readonly<Record<number, number>>;
  readonly postings: number;
  /** Exemption orders recorded (joint ones among them) and non-assessment certificates. */
  readonly exemptionOrders: number;
  readonly jointExemptionOrders: number;
  readonly nonAssessments: number;
  readonly exits: { readonly death: number; readonly exclusion: number; readonly exit: number; readonly revoked: number };
  readonly events: number;
  readonly appendSeconds: number;
  readonly projectionSeconds: number;
  readonly seconds: number;
}

/** Thrown when the cooperative already has members: the demo only fills an empty store. */
export class DemoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoRefusedError';
  }
}

// =============================================================================================
// Randomness and small helpers
// =============================================================================================

/** A skewed whole number in [min, max]: small values are common, large ones rare. */
function skewed(r: Random, min: number, max: number, power = 2.5): number {
  return min + Math.floor(r() ** power * (max - min + 1));
}

/** A Poisson-distributed count with mean `mean` (Knuth; means here are small). */
function poisson(r: Random, mean: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let k = 0;
  let p = r();
  while (p > limit) {
    k += 1;
    p *= r();
  }
  return k;
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const yearOf = (day: number): number => new Date(day * DAY_MS).getUTCFullYear();
/** The first of the month after `day`: when shares start to earn (interest begin). */
function firstOfNextMonth(day: number): string {
  const d = new Date(day * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const TRANSLITERATE: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ı: 'i', ø: 'o', é: 'e' };
const mailPart = (s: string): string => s.toLowerCase().replace(/[äöüßıøé]/g, (c) => TRANSLITERATE[c] ?? c).replace(/[^a-z0-9]+/g, '-');

/** ISO 13616 check digits over country code and BBAN: 98 minus the remainder mod 97. */
export function ibanFor(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  const iban = `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
  if (!isValidIban(iban)) throw new Error(`The demo made an invalid IBAN: ${iban}`);
  return iban;
}

/** A valid Steuer-IdNr: nine different digits, one of them twice, the first not 0, and the MOD 11,10 check digit. */
export function steuerIdFor(r: Random): string {
  for (;;) {
    const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    for (let i = digits.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [digits[i], digits[j]] = [digits[j]!, digits[i]!];
    }
    const ten = [...digits.slice(0, 9), digits[Math.floor(r() * 9)]!];
    for (let i = ten.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [ten[i], ten[j]] = [ten[j]!, ten[i]!];
    }
    const first10 = ten.join('');
    const id = first10 + String(steuerIdCheckDigit(first10));
    if (isValidSteuerId(id)) return id;
  }
}

// =============================================================================================
// People
// =============================================================================================

type Kind = 'person' | 'legal' | 'foreign' | 'minor';

/** A member to be: master data as a clerk would type it, the entry day and the initial shares. */
interface Person {
  readonly memberId: string;
  readonly kind: Kind;
  readonly master: Record<string, unknown>;
  readonly entryDay: number;
  readonly shares: number;
  readonly birthYear: number | null;
  /** Index of the spouse in the people list, when both are members (the later one names the earlier). */
  spouseIndex: number | null;
}

interface Address {
  street: string;
  streetHomeNumber: string;
  zipCode: string;
  city: string;
  state: GermanState | null;
  country: string | null;
  isForeign: boolean;
}

function germanAddress(r: Random): Address {
  const [zipCode, city, state] = chance(r, 0.85) ? pick(r, HOME_TOWNS) : pick(r, OTHER_TOWNS);
  const house = String(int(r, 1, 120)) + (chance(r, 0.08) ? pick(r, ['a', 'b', 'c']) : '');
  return { street: pick(r, STREETS), streetHomeNumber: house, zipCode, city, state, country: null, isForeign: false };
}

function foreignAddress(r: Random, place: ForeignPlace): Address {
  const [zipCode, city] = pick(r, place.towns);
  return { street: pick(r, place.streets), streetHomeNumber: String(int(r, 1, 80)), zipCode, city, state: null, country: place.country, isForeign: true };
}

function digits(r: Random, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(r() * 10));
  return s;
}

function germanBank(r: Random): { bankname: string; iban: string; bic: string } {
  const [bankname, blz, bic] = pick(r, GERMAN_BANKS);
  return { bankname, iban: ibanFor('DE', blz + digits(r, 10)), bic };
}

function foreignBank(r: Random, place: ForeignPlace): { bankname: string; iban: string; bic: string } {
  const [bankname, code, bic] = place.bank;
  const account = [...place.account].map((c) => (c === 'n' || chance(r, 0.7) ? String(Math.floor(r() * 10)) : 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(r() * 23)])).join('');
  return { bankname, iban: ibanFor(place.country, code + account), bic };
}

function birthDate(r: Random, fromYear: number, toYear: number): string {
  const from = dayOf(`${fromYear}-01-01`);
  const to = dayOf(`${toYear}-12-31`);
  return isoOf(int(r, from, to));
}

function church(r: Random, state: GermanState | null): { churchId: string | null; churchTaxRate: string | null } {
  if (state === null || !chance(r, 0.55)) return { churchId: null, churchTaxRate: null };
  const south = state === 'by' || state === 'bw' || state === 'sl' || state === 'rp';
  return { churchId: pick(r, south ? CHURCHES_SOUTH : CHURCHES_NORTH), churchTaxRate: state === 'by' || state === 'bw' ? '8' : '9' };
}

// =============================================================================================
// The run
// =============================================================================================

interface Sim {
  readonly person: Person;
  state: MemberState;
  revision: number;
  /** Death, notice or exclusion decided: no new postings, the exit posting follows on 31 December. */
  leaving: boolean;
  exited: boolean;
  activeIndex: number;
  /** The spouse, when both are members (transfers often stay in the family). */
  spouse: Sim | null;
}

type Intent =
  | { kind: 'admit'; sim: Sim }
  | { kind: 'post'; sim: Sim; type: 1 | 2 }
  | { kind: 'transfer'; sim: Sim }
  | { kind: 'annul'; sim: Sim; balanceId: string; repost: number | null }
  | { kind: 'leave'; sim: Sim; type: 6 | 7 | 8 }
  | { kind: 'exit'; sim: Sim; type: 6 | 7 | 8 }
  | { kind: 'revokeExit'; sim: Sim }
  | { kind: 'widowed'; sim: Sim };

/** Yearly rates per member (before scaling to the requested number of postings). */
const RATES = { additional: 0.32, withdrawal: 0.05, transfer: 0.04 };
const ANNUL_SHARE = 0.03;

/**
 * Fills the running app's store with the demo cooperative. Refuses (DemoRefusedError) when the
 * cooperative already has members. Sets the share price and minimum holding when the cooperative
 * has no share price yet (and completes its master data where it is empty). Returns once the read
 * models include every event written.
 */
export async function fillDemo(running: RunningApp, options: DemoOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? 1;
  const memberCount = options.members ?? 300;
  if (!Number.isSafeInteger(memberCount) || memberCount < 1) throw new RangeError('members must be a whole number of at least 1');
  const fromYear = options.fromYear ?? 2016;
  const toYear = options.toYear ?? 2025;
  const batchSize = options.batchSize ?? 4000;
  const events = running.storage.events;

  const cooperativeId = await pickCooperative(running);
  // Members exist when a member number was ever handed out (the sequence stream is written by every admission).
  const seqStream = memberNumberSequenceStream(cooperativeId);
  const seqEvents = await events.readStream(seqStream);
  const existing = (await running.storage.readStore.find(MEMBERS.name, { cooperativeId, limit: 1 })).total;
  if (seqEvents.length > 0 || existing > 0) {
    throw new DemoRefusedError(
      `The cooperative already has members (${Math.max(existing, seqEvents.length)}). The demo only fills an empty store: ` +
        'point DATA_DIR at a new directory (or remove the old one) and run it again.',
    );
  }
  const actor: Actor = { userId: 'demo', username: 'demo', roles: [...ROLES], cooperativeId };
  const { terms, name: cooperativeName } = await prepareCooperative(running, actor, options);
  log(`cooperative ${cooperativeName} (${cooperativeId}): share price ${terms.shareCost / 100} EUR, minimum ${terms.minimumShares} shares`);

  const r = prng(seed);
  const today = businessToday();
  const firstDay = dayOf(`${fromYear}-01-01`);
  const lastDay = dayOf(`${toYear}-12-31`);
  const people = makePeople(r, memberCount, fromYear, toYear, today);

  // Scale the posting rates so that the total comes near `postings` (when asked for).
  let memberYears = 0;
  for (const p of people) memberYears += (lastDay - p.entryDay) / 365.25;
  const perYear = RATES.additional + RATES.withdrawal + RATES.transfer;
  const scale = options.postings === undefined ? 1 : Math.max(0, (options.postings - memberCount * 1.12) / (memberYears * perYear * (1 + 2 * ANNUL_SHARE)));

  const sims: Sim[] = people.map((person) => ({ person, state: memberDecider.initialState(), revision: -1, leaving: false, exited: false, activeIndex: -1, spouse: null }));
  const simById = new Map(sims.map((s) => [s.person.memberId, s]));
  for (const s of sims) {
    if (s.person.spouseIndex === null) continue;
    s.spouse = sims[s.person.spouseIndex]!;
    sims[s.person.spouseIndex]!.spouse = s;
  }

  // One bucket of intents per day; follow-ups (annulments, exit postings) are added to later buckets.
  const buckets: Intent[][] = Array.from({ length: lastDay - firstDay + 1 }, () => []);
  const at = (day: number, intent: Intent): void => {
    if (day >= firstDay && day <= lastDay) buckets[day - firstDay]!.push(intent);
  };
  for (const sim of sims) {
    const p = sim.person;
    at(p.entryDay, { kind: 'admit', sim });
    for (let year = yearOf(p.entryDay); year <= toYear; year++) {
      const start = Math.max(p.entryDay + 1, dayOf(`${year}-01-01`));
      const end = dayOf(`${year}-12-30`);
      if (start > end) continue;
      const share = (end - start + 1) / 365;
      const when = (): number => int(r, start, end);
      for (let n = poisson(r, RATES.additional * scale * share * (p.kind === 'legal' ? 1.5 : 1)); n > 0; n--) at(when(), { kind: 'post', sim, type: 1 });
      for (let n = poisson(r, RATES.withdrawal * scale * share); n > 0; n--) at(when(), { kind: 'post', sim, type: 2 });
      for (let n = poisson(r, RATES.transfer * scale * share); n > 0; n--) at(when(), { kind: 'transfer', sim });
      // Ways out: death (by age), notice of exit, exclusion (rare). Each takes effect on 31 December.
      const age = p.birthYear === null ? 0 : year - p.birthYear;
      const death = p.kind === 'legal' || p.kind === 'minor' ? 0 : age >= 85 ? 0.08 : age >= 75 ? 0.035 : age >= 60 ? 0.01 : 0.002;
      const u = r();
      if (u < death) at(int(r, start, end), { kind: 'leave', sim, type: 6 });
      else if (u < death + 0.02) at(int(r, start, Math.max(start, dayOf(`${year}-09-30`))), { kind: 'leave', sim, type: 8 });
      else if (u < death + 0.02 + 0.002) at(when(), { kind: 'leave', sim, type: 7 });
    }
  }

  // --- writing ----------------------------------------------------------------------------
  let batch: StreamAppend[] = [];
  let batchEvents = 0;
  let totalEvents = 0;
  let head = -1n;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    head = (await events.appendMulti(batch)).position;
    batch = [];
    batchEvents = 0;
  };
  const stampWith = (evts: readonly DomainEvent[], metadata: NewEvent['metadata']): NewEvent[] => evts.map((e) => ({ type: e.type, data: e.data, metadata }) as NewEvent);
  /** Appends one command's decisions (already decided) in order; flushes between commands only. */
  const write = async (decided: readonly { streamId: string; expected: number; events: readonly DomainEvent[] }[]): Promise<void> => {
    const metadata = metadataFor(contextFor(actor, uuid(r)), cooperativeId);
    for (const d of decided) {
      if (d.events.length === 0) continue;
      batch.push({ streamId: d.streamId, expected: d.expected < 0 ? 'no_stream' : d.expected, events: stampWith(d.events, metadata) });
      batchEvents += d.events.length;
      totalEvents += d.events.length;
    }
    if (batchEvents >= batchSize) await flush();
  };

  const active: Sim[] = [];
  const activate = (sim: Sim): void => {
    sim.activeIndex = active.length;
    active.push(sim);
  };
  const deactivate = (sim: Sim): void => {
    if (sim.activeIndex < 0) return;
    const last = active.pop()!;
    if (last !== sim) {
      active[sim.activeIndex] = last;
      last.activeIndex = sim.activeIndex;
    }
    sim.activeIndex = -1;
  };

  /** Decides on a member stream; answers the decision to write, and the state after it. */
  const decide = (sim: Sim, command: MemberCommand): { streamId: string; expected: number; events: DomainEvent[]; after: MemberState } => {
    const out = memberDecider.decide(command, sim.state);
    const after = out.reduce((s, e) => memberDecider.evolve(s, e), sim.state);
    return { streamId: memberStream(sim.person.memberId), expected: sim.revision, events: out, after };
  };
  const commit = (sim: Sim, d: { events: DomainEvent[]; after: MemberState }): void => {
    sim.state = d.after;
    sim.revision += d.events.length;
  };
  /** Business dates of a posting on `day`: approved within two weeks, earning from the next month's first. */
  const datesOn = (day: number): { date: string; approvalDate: string; interestBegin: string } => {
    const approval = Math.min(day + int(r, 0, 14), lastDay);
    return { date: isoOf(day), approvalDate: isoOf(approval), interestBegin: firstOfNextMonth(approval) };
  };

  let seq: MemberNumberSequenceState = seqEvents.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e as never), memberNumberSequenceDecider.initialState());
  let seqRevision = seqEvents.length - 1;
  const byType: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0 };
  const exits = { death: 0, exclusion: 0, exit: 0, revoked: 0 };
  let refused = 0;
  const canPost = (sim: Sim): boolean => sim.state.exists && !sim.exited && !sim.leaving;
  const spare = (sim: Sim): number => sim.state.shares - terms.minimumShares;

  // The projections pause while the log is written; afterwards the read models are built again from
  // the whole log (ProjectionRunner.rebuild, as `npm run projections:rebuild` does), which folds many
  // events per write instead of following thousands of appends batch by batch (about three times faster).
  const runner = running.storage.runner;
  await runner.stop();
  const tAppend = performance.now();
  let papers: PaperSummary = { decisions: [], exemptionOrders: 0, jointOrders: 0, nonAssessments: 0 };
  try {
  for (let i = 0; i < buckets.length; i++) {
    const day = firstDay + i;
    for (const intent of buckets[i]!) {
      const sim = intent.sim;
      try {
        switch (intent.kind) {
          case 'admit': {
            const p = sim.person;
            const seqOut = memberNumberSequenceDecider.decide({ type: 'AssignNextMemberNumber', cooperativeId, memberId: p.memberId }, seq);
            const memberNr = seqOut[0]!.data.memberNr;
            const claim = memberNumberClaimDecider.decide({ type: 'ClaimMemberNumber', cooperativeId, memberId: p.memberId, memberNr }, memberNumberClaimDecider.initialState());
            const master = { ...p.master } as Record<string, unknown>;
            // The later of two spouses names the earlier one (if still a member; else the survivor joins widowed).
            const spouse = sim.spouse;
            if (spouse !== null && p.spouseIndex !== null) {
              if (spouse.state.exists && !spouse.exited && !spouse.leaving) master.spouse = spouse.person.memberId;
              else master.civilStatus = 3;
            }
            const admitted = decide(sim, {
              type: 'AdmitMember', memberId: p.memberId, cooperativeId, memberNr, master: master as MemberMasterInput,
              shareAmount: p.shares, balanceId: uuid(r), terms, today,
            });
            const decisions = [admitted, { streamId: memberNumberStream(cooperativeId, memberNr), expected: -1, events: claim }, { streamId: seqStream, expected: seqRevision, events: seqOut }];
            await write(decisions);
            commit(sim, admitted);
            seq = seqOut.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e), seq);
            seqRevision += seqOut.length;
            byType[0]! += 1;
            activate(sim);
            // The spouse who joined first now names this member as spouse (a master data change).
            if (spouse !== null && master.spouse === spouse.person.memberId) {
              const changed = decide(spouse, { type: 'ChangeMemberData', memberId: spouse.person.memberId, cooperativeId, master: { ...spouse.state.master!, spouse: p.memberId }, today });
              await write([changed]);
              commit(spouse, changed);
            }
            break;
          }
          case 'post': {
            if (!canPost(sim)) break;
            const quantity = intent.type === 1 ? skewed(r, 1, sim.person.kind === 'legal' ? 40 : 10) : Math.min(spare(sim), skewed(r, 1, 6));
            if (quantity < 1) break;
            const d = decide(sim, { type: 'PostShares', memberId: sim.person.memberId, cooperativeId, balanceId: uuid(r), postingType: intent.type, quantity, terms, ...datesOn(day) });
            await write([d]);
            commit(sim, d);
            byType[intent.type]! += 1;
            if (chance(r, ANNUL_SHARE)) {
              const balanceId = (d.events[0]!.data as { balanceId: string }).balanceId;
              at(day + int(r, 1, 40), { kind: 'annul', sim, balanceId, repost: intent.type === 1 && chance(r, 0.7) ? Math.max(1, quantity + pick(r, [-1, 1, 2])) : null });
            }
            break;
          }
          case 'transfer': {
            if (!canPost(sim) || spare(sim) < 1) break;
            let target: Sim | null = sim.spouse !== null && canPost(sim.spouse) && chance(r, 0.4) ? sim.spouse : null;
            for (let tries = 0; target === null && tries < 5 && active.length > 1; tries++) {
              const candidate = active[Math.floor(r() * active.length)]!;
              if (candidate !== sim && canPost(candidate)) target = candidate;
            }
            if (target === null) break;
            const quantity = Math.min(spare(sim), skewed(r, 1, 5));
            const dates = datesOn(day);
            const balanceId = uuid(r);
            const peerBalanceId = uuid(r);
            const out = decide(sim, { type: 'TransferOut', memberId: sim.person.memberId, cooperativeId, balanceId, peerBalanceId, transferTo: target.person.memberId, quantity, terms, ...dates });
            const incoming = decide(target, { type: 'TransferIn', memberId: target.person.memberId, cooperativeId, balanceId: peerBalanceId, peerBalanceId: balanceId, transferFrom: sim.person.memberId, quantity, terms, ...dates });
            await write([out, incoming]);
            commit(sim, out);
            commit(target, incoming);
            byType[3]! += 1;
            byType[4]! += 1;
            // Either half may be annulled (from the giving or the receiving member): both go.
            if (chance(r, ANNUL_SHARE)) {
              const fromReceiver = chance(r, 0.5);
              at(day + int(r, 1, 40), { kind: 'annul', sim: fromReceiver ? target : sim, balanceId: fromReceiver ? peerBalanceId : balanceId, repost: null });
            }
            break;
          }
          case 'annul': {
            // A clerk's mistake found a few days later: the posting is annulled (and, for additional
            // shares, often posted again with the right number). Refused ones (minimum, exit) are skipped.
            const annulled = intent.balanceId;
            const owner = sim;
            if (owner.exited || !owner.state.postings.has(annulled)) break;
            const ownBalance = uuid(r);
            const peerBalance = uuid(r);
            const date = isoOf(day);
            const own = decide(owner, { type: 'AnnulPosting', memberId: owner.person.memberId, cooperativeId, balanceId: ownBalance, annulPeer: annulled, peerBalanceId: peerBalance, terms, today, date, approvalDate: date, interestBegin: firstOfNextMonth(day) });
            const counterpart = transferCounterpartToAnnul(owner.state, annulled);
            const decisions = [own];
            let otherSim: Sim | null = null;
            if (counterpart) {
              otherSim = simById.get(counterpart.memberId) ?? null;
              if (otherSim === null) break;
              decisions.push(decide(otherSim, {
                type: 'AnnulTransferCounterpart', memberId: otherSim.person.memberId, cooperativeId, balanceId: peerBalance, annulPeer: counterpart.balanceId,
                counterpartOf: annulled, peerBalanceId: ownBalance, terms, today, date, approvalDate: date, interestBegin: firstOfNextMonth(day),
              }));
            }
            await write(decisions);
            commit(owner, own);
            if (otherSim !== null) commit(otherSim, decisions[1]!);
            byType[5]! += decisions.length;
            if (intent.repost !== null && canPost(owner)) {
              const again = decide(owner, { type: 'PostShares', memberId: owner.person.memberId, cooperativeId, balanceId: uuid(r), postingType: 1, quantity: intent.repost, terms, ...datesOn(day) });
              await write([again]);
              commit(owner, again);
              byType[1]! += 1;
            }
            break;
          }
          case 'leave': {
            if (!canPost(sim)) break;
            sim.leaving = true;
            deactivate(sim);
            at(dayOf(`${yearOf(day)}-12-31`), { kind: 'exit', sim, type: intent.type });
            break;
          }
          case 'exit': {
            if (sim.exited || !sim.state.exists) break;
            // The exit takes effect on its day (31 December): approved by then, and no interest begins.
            const exitDates = { date: isoOf(day), approvalDate: isoOf(day - int(r, 0, 14)), interestBegin: isoOf(day) };
            const d = decide(sim, { type: 'PostShares', memberId: sim.person.memberId, cooperativeId, balanceId: uuid(r), postingType: intent.type, terms, ...exitDates });
            await write([d]);
            commit(sim, d);
            sim.exited = true;
            byType[intent.type]! += 1;
            exits[intent.type === 6 ? 'death' : intent.type === 7 ? 'exclusion' : 'exit'] += 1;
            if (intent.type === 6 && sim.spouse !== null && sim.spouse.state.exists && !sim.spouse.exited) at(day + int(r, 10, 60), { kind: 'widowed', sim: sim.spouse });
            // Now and then a notice of exit is withdrawn in January (the exit posting is annulled).
            if (intent.type === 8 && chance(r, 0.04)) at(day + int(r, 5, 25), { kind: 'revokeExit', sim });
            break;
          }
          case 'revokeExit': {
            const exitBalance = sim.state.exitBalanceId;
            if (!sim.exited || exitBalance === null) break;
            const date = isoOf(day);
            const d = decide(sim, { type: 'AnnulPosting', memberId: sim.person.memberId, cooperativeId, balanceId: uuid(r), annulPeer: exitBalance, terms, today, date, approvalDate: date, interestBegin: firstOfNextMonth(day) });
            await write([d]);
            commit(sim, d);
            sim.exited = false;
            sim.leaving = false;
            activate(sim);
            byType[5]! += 1;
            exits.revoked += 1;
            break;
          }
          case 'widowed': {
            if (!sim.state.exists || sim.exited) break;
            const d = decide(sim, { type: 'ChangeMemberData', memberId: sim.person.memberId, cooperativeId, master: { ...sim.state.master!, civilStatus: 3 }, today });
            await write([d]);
            commit(sim, d);
            break;
          }
        }
      } catch (error) {
        // A rule of the domain refused the action (e.g. the minimum that must remain): a clerk would
        // have been told so and not posted. Anything else is a bug in the generator.
        if (!(error instanceof ValidationError)) throw error;
        refused += 1;
      }
    }
    buckets[i] = [];
    if (isoOf(day).endsWith('-12-31')) log(`  ${yearOf(day)}: ${totalEvents} events so far`);
  }
  // Tax papers last, entered today as a clerk would: they reference the members as they stand now.
  papers = decideTaxPapers(r, sims.filter((s) => s.state.exists).map((s) => paperHolder(s)), cooperativeId, today);
  for (const d of papers.decisions) await write([d]);
  await flush();
  } catch (error) {
    await runner.start();
    throw error;
  }
  const appendSeconds = (performance.now() - tAppend) / 1000;
  log(`appended ${totalEvents} events in ${appendSeconds.toFixed(1)} s (${refused} actions refused by the domain rules and skipped); building the read models`);
  const tProject = performance.now();
  await runner.rebuild();
  await runner.start();
  if (head >= 0n) await runner.waitFor(head, 60_000);
  const projectionSeconds = (performance.now() - tProject) / 1000;

  const postings = Object.values(byType).reduce((a, b) => a + b, 0);
  return {
    cooperativeId,
    cooperativeName,
    terms,
    seed,
    members: people.length,
    legalEntities: people.filter((p) => p.kind === 'legal').length,
    couples: people.filter((p) => p.spouseIndex !== null).length,
    foreign: people.filter((p) => p.kind === 'foreign').length,
    minors: people.filter((p) => p.kind === 'minor').length,
    withTaxId: people.filter((p) => p.master.manualTaxId).length,
    withChurch: people.filter((p) => p.master.churchId).length,
    postingsByType: byType,
    postings,
    exemptionOrders: papers.exemptionOrders,
    jointExemptionOrders: papers.jointOrders,
    nonAssessments: papers.nonAssessments,
    exits,
    events: totalEvents,
    appendSeconds: round1(appendSeconds),
    projectionSeconds: round1(projectionSeconds),
    seconds: round1((performance.now() - started) / 1000),
  };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A member as the tax-paper planner sees it after the share history. */
function paperHolder(sim: Sim): PaperHolder {
  const p = sim.person;
  const master = sim.state.master;
  const spouse = sim.spouse;
  return {
    memberId: p.memberId,
    kind: p.kind,
    name: String(master?.name ?? ''),
    city: String(master?.city ?? ''),
    hasTaxId: typeof master?.manualTaxId === 'string' && master.manualTaxId !== '',
    entryYear: yearOf(p.entryDay),
    exitYear: sim.state.exitDate === null ? null : Number(sim.state.exitDate.slice(0, 4)),
    spouseId: spouse !== null && spouse.state.exists && master?.spouse === spouse.person.memberId ? spouse.person.memberId : null,
  };
}

/** The only cooperative of the store (the first start's on a new store). */
async function pickCooperative(running: RunningApp): Promise<string> {
  if (running.firstStart) return running.firstStart.cooperativeId;
  await running.storage.runner.waitFor(await running.storage.events.headPosition(), 60_000);
  const page = await running.storage.readStore.find('cooperatives', { cooperativeId: null, limit: 2 });
  if (page.total !== 1) {
    throw new DemoRefusedError(`The store holds ${page.total} cooperatives; the demo fills a new store with one. Point DATA_DIR at a new directory.`);
  }
  return page.items[0]!.id;
}

/** Sets the share price, minimum holding and missing master data through the real command, when no share price is set. */
async function prepareCooperative(running: RunningApp, actor: Actor, options: DemoOptions): Promise<{ terms: ShareTerms; name: string }> {
  const id = actor.cooperativeId;
  const load = async (): Promise<Partial<CooperativeFields>> => {
    const recorded = await running.storage.events.readStream(cooperativeStream(id));
    return recorded.reduce((s, e) => cooperativeDecider.evolve(s, e as never), cooperativeDecider.initialState()).fields;
  };
  let fields = await load();
  if (!(Number.isSafeInteger(fields.balanceCost) && fields.balanceCost! > 0)) {
    const filled = (v: string | undefined, fallback: string): string => (typeof v === 'string' && v.trim() !== '' ? v : fallback);
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
      bankname: filled(fields.bankname, d.bankname),
      iban: filled(fields.iban, ibanFor('DE', d.bankCode + d.account)),
      bic: filled(fields.bic, d.bic),
      balanceCost: options.balanceCost ?? 25000,
      minimumShares: options.minimumShares ?? 2,
    };
    await running.app.get(CommandBus).execute(new UpdateCooperativeCommand(contextFor(actor), id, complete));
    fields = await load();
  }
  const minimum = fields.minimumShares;
  return {
    terms: { shareCost: fields.balanceCost!, minimumShares: Number.isSafeInteger(minimum) && minimum! >= 1 ? minimum! : 1 },
    name: fields.fullName || fields.name || id,
  };
}

/** The members to be, with their master data, entry days and initial shares. */
function makePeople(r: Random, count: number, fromYear: number, toYear: number, today: string): Person[] {
  const todayYear = Number(today.slice(0, 4));
  const firstDay = dayOf(`${fromYear}-01-01`);
  const lastDay = dayOf(`${toYear}-12-31`);
  const foundingEnd = dayOf(`${fromYear}-03-31`);
  const legal = Math.max(count >= 20 ? 3 : 0, Math.round(count * 0.03));
  const foreign = Math.max(count >= 20 ? 2 : 0, Math.round(count * 0.04));
  const minors = Math.max(count >= 20 ? 2 : 0, Math.round(count * 0.03));
  const founders = Math.max(1, Math.round(count * 0.1));
  const people: Person[] = [];
  /** Entry: founders in the first quarter, the others spread over the years with some growth. */
  const entryDay = (index: number): number => {
    if (index < founders) return int(r, firstDay, foundingEnd);
    return Math.floor(foundingEnd + 1 + Math.sqrt(r()) * (lastDay - foundingEnd - 1));
  };
  const base = (index: number, memberId: string): Record<string, unknown> => ({
    memberType: index < founders ? 0 : chance(r, 0.03) ? 3 : 1,
    // The founders hold the offices: a president, a supervisory board and an adviser.
    position: index === 0 ? 1 : index > 0 && index <= 3 && index < founders ? 2 : index === 4 && index < founders ? 3 : 0,
    memberId,
  });
  const bankMail = (given: string | null, name: string): Record<string, unknown> => ({
    privateEmail: chance(r, 0.7) ? `${mailPart(given ?? '')}${given ? '.' : ''}${mailPart(name)}${chance(r, 0.3) ? int(r, 1, 99) : ''}@${pick(r, ['example.org', 'example.com', 'example.net'])}` : null,
    privateTelephone: chance(r, 0.5) ? (chance(r, 0.5) ? `0171 ${digits(r, 7)}` : `08031 ${digits(r, 6)}`) : null,
  });

  let index = 0;
  const push = (kind: Kind, master: Record<string, unknown>, entry: number, shares: number, birthYear: number | null, spouseIndex: number | null = null): Person => {
    const { memberId, ...rest } = master;
    const person: Person = { memberId: memberId as string, kind, master: rest, entryDay: entry, shares, birthYear, spouseIndex };
    people.push(person);
    index += 1;
    return person;
  };

  // Spread the special kinds over the list so they do not all join at the start.
  const kinds: Kind[] = Array.from({ length: count }, () => 'person');
  const spread = (kind: Kind, n: number): void => {
    for (let k = 0; k < n; k++) {
      for (let tries = 0; tries < 50; tries++) {
        const at = int(r, Math.min(founders, count - 1), count - 1);
        if (kinds[at] === 'person') {
          kinds[at] = kind;
          break;
        }
      }
    }
  };
  spread('legal', legal);
  spread('foreign', foreign);
  spread('minor', minors);
  if (founders >= 3 && count >= 20) kinds[2] = 'legal';

  while (index < count) {
    const i = index;
    const memberId = uuid(r);
    const kind = kinds[i]!;
    const entry = entryDay(i);
    const entryIso = isoOf(entry);
    const approval = Math.min(entry + int(r, 0, 21), lastDay);
    const membership = { entryDate: entryIso, approvalDate: isoOf(approval), interestBegin: firstOfNextMonth(approval) };
    if (kind === 'legal') {
      const [, town] = pick(r, HOME_TOWNS);
      const name = pick(r, LEGAL_ENTITIES).replace('{town}', town);
      const address = germanAddress(r);
      push('legal', {
        ...base(i, memberId), memberType: i < founders ? 0 : chance(r, 0.3) ? 3 : 1, position: 0, salutation: null, postalSalutation: 'male', title: null, givenName: null, name,
        birthName: null, birthDate: null, legalForm: 1, civilStatus: null, ...address, legalRepresentation: null,
        privateEmail: `info@${mailPart(name).replace(/-+$/, '')}.example`, privateTelephone: `08031 ${digits(r, 6)}`,
        ...germanBank(r), ...membership, manualTaxId: null, churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null,
      }, entry, skewed(r, 10, 200, 2), null);
      continue;
    }
    const female = chance(r, 0.5);
    const given = pick(r, female ? FEMALE_GIVEN : MALE_GIVEN);
    const name = pick(r, SURNAMES);
    if (kind === 'foreign') {
      const place = pick(r, FOREIGN_PLACES);
      const born = int(r, 1950, 1995);
      push('foreign', {
        ...base(i, memberId), salutation: female ? 'Frau' : 'Herr', postalSalutation: female ? 'female' : 'male', title: 'none', givenName: given, name,
        birthName: null, birthDate: birthDate(r, born, born), legalForm: 0, civilStatus: pick(r, [0, 1, 1, 2]), ...foreignAddress(r, place),
        legalRepresentation: null, privateEmail: `${mailPart(given)}.${mailPart(name)}@example.org`, privateTelephone: `${place.phone} ${digits(r, 6)}`,
        ...foreignBank(r, place), ...membership, manualTaxId: null, churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null,
      }, entry, skewed(r, 2, 12), born);
      continue;
    }
    if (kind === 'minor') {
      // Under 18 today (given shares by parents or grandparents), born at least a year before joining.
      const latestBirth = Math.min(entry - 365, dayOf(today) - 365 * 2);
      const earliestBirth = Math.max(dayOf(`${todayYear - 17}-01-01`) + 366, latestBirth - 365 * 12);
      const birth = int(r, Math.min(earliestBirth, latestBirth), latestBirth);
      const address = germanAddress(r);
      const mother = pick(r, FEMALE_GIVEN);
      const father = pick(r, MALE_GIVEN);
      push('minor', {
        ...base(i, memberId), memberType: 1, position: 0, salutation: female ? 'Frau' : 'Herr', postalSalutation: female ? 'female' : 'male', title: 'none',
        givenName: given, name, birthName: null, birthDate: isoOf(birth), legalForm: 0, civilStatus: 0, ...address,
        legalRepresentation: chance(r, 0.8) ? `Eltern: ${mother} und ${father} ${name}` : `Vormund: ${pick(r, FEMALE_GIVEN)} ${pick(r, SURNAMES)}`,
        privateEmail: null, privateTelephone: null, ...germanBank(r), ...membership,
        manualTaxId: chance(r, 0.6) ? steuerIdFor(r) : null, churchId: null, churchTaxRate: null, kiSt: null, kiStSatz: null,
      }, entry, skewed(r, 2, 6), yearOf(birth));
      continue;
    }
    // A natural person in Germany; some are married couples who both join.
    const born = int(r, 1932, 2000);
    const address = germanAddress(r);
    const title = chance(r, 0.05) ? 'Dr' : chance(r, 0.01) ? 'Prof' : 'none';
    const couple = index + 1 < count && kinds[index + 1] === 'person' && chance(r, 0.14);
    const civilStatus = couple ? 1 : born < 1945 && chance(r, 0.4) ? 3 : pick(r, [0, 0, 1, 1, 1, 2]);
    const spouseGiven = pick(r, female ? MALE_GIVEN : FEMALE_GIVEN);
    const spouseBorn = Math.min(2000, Math.max(1932, born + int(r, -5, 5)));
    const spouseBirth = birthDate(r, spouseBorn, spouseBorn);
    const birthName = female && civilStatus !== 0 && chance(r, 0.6) ? pick(r, SURNAMES) : null;
    const bank = germanBank(r);
    const ownTitle = title;
    const master = {
      ...base(i, memberId), salutation: female ? 'Frau' : 'Herr',
      postalSalutation: ownTitle === 'Dr' ? (female ? 'femaleDr' : 'maleDr') : female ? 'female' : 'male', title: ownTitle,
      givenName: given, name, birthName, birthDate: birthDate(r, born, born), legalForm: 0, civilStatus, ...address, legalRepresentation: null,
      ...bankMail(given, name), ...bank, ...membership, manualTaxId: chance(r, 0.65) ? steuerIdFor(r) : null,
      ...church(r, address.state), kiSt: null, kiStSatz: null,
      ...(civilStatus === 1 || civilStatus === 2
        ? { spouseGivenName: spouseGiven, spouseName: name, spouseBirthName: null, spouseBirthDate: spouseBirth, spouseTitle: 'none' }
        : {}),
    };
    const first = push('person', master, entry, skewed(r, 2, 20), born);
    if (couple) {
      // The spouse joins the same day or later, at the same address; often with the joint account.
      const joinDay = Math.min(lastDay, entry + (chance(r, 0.5) ? 0 : int(r, 1, 900)));
      const approval2 = Math.min(joinDay + int(r, 0, 21), lastDay);
      const spouseFemale = !female;
      push('person', {
        ...base(index, uuid(r)), memberType: joinDay <= foundingEnd ? 0 : 1, position: 0,
        salutation: spouseFemale ? 'Frau' : 'Herr', postalSalutation: spouseFemale ? 'female' : 'male', title: 'none',
        givenName: spouseGiven, name, birthName: spouseFemale && chance(r, 0.6) ? pick(r, SURNAMES) : null, birthDate: spouseBirth, legalForm: 0, civilStatus: 1,
        ...address, legalRepresentation: null, ...bankMail(spouseGiven, name), ...(chance(r, 0.5) ? bank : germanBank(r)),
        entryDate: isoOf(joinDay), approvalDate: isoOf(approval2), interestBegin: firstOfNextMonth(approval2),
        manualTaxId: chance(r, 0.65) ? steuerIdFor(r) : null, ...church(r, address.state), kiSt: null, kiStSatz: null,
        spouseGivenName: given, spouseName: name, spouseBirthName: birthName, spouseBirthDate: master.birthDate, spouseTitle: ownTitle,
      }, joinDay, skewed(r, 2, 12), spouseBorn, people.indexOf(first));
    }
  }
  return people;
}

