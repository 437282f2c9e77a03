import {
  CIVIL_STATUSES,
  EXIT_REASON_BY_TYPE,
  GERMAN_STATES,
  isBlank,
  isValidBic,
  isValidEmail,
  isValidIban,
  isValidSteuerId,
  LEGAL_FORMS,
  MEMBER_POSITIONS,
  MEMBER_TITLES,
  MEMBER_TYPES_ENTERABLE,
  memberFieldError,
  NotFoundError,
  POSTAL_SALUTATIONS,
  postingEffect,
  SALUTATIONS,
  ValidationError,
  type BalanceType,
  type Decider,
  type ExitReason,
  type ExitType,
  type FieldError,
  type MemberDataChanged,
  type MemberEvent,
  type MemberMasterData,
  type PostingType,
  type SharesPosted,
} from '@coop/contracts';
import { amountFor, formatEuro, isIsoDate, isUnderage, lowestSharesFrom, type HoldingEntry } from './holding.js';

// =============================================================================================
// State
// =============================================================================================

/** One posting on the member's share account, as far as the decisions need it. */
export interface MemberPosting extends HoldingEntry {
  readonly balanceId: string;
  readonly type: BalanceType;
  /** As recorded: the entered number of shares for 0-4 and 6-8; the signed effect for 5. */
  readonly quantity: number;
  readonly annulated: boolean;
  /** For an annulation (5): the posting it reverses. */
  readonly annulPeer: string | null;
  /** For a transfer half (3, 4) or the annulation of one: the other half's balance id on the other member. */
  readonly transferPeer: string | null;
  /** For an outgoing transfer (3): the receiving member. */
  readonly transferTo: string | null;
  /** For an incoming transfer (4): the giving member. */
  readonly transferFrom: string | null;
  /** Share register: interest begin as posted, the payment actually made (cents) and the interest end, as last corrected. */
  readonly interestBegin: string | null;
  readonly payment: number;
  readonly interestEnd: string | null;
}

export interface MemberState {
  readonly exists: boolean;
  readonly memberId: string | null;
  readonly cooperativeId: string | null;
  readonly memberNr: number | null;
  readonly master: MemberMasterData | null;
  /** The holding after every posting, whatever its date. */
  readonly shares: number;
  readonly cents: number;
  /** By balance id, in the order posted. */
  readonly postings: ReadonlyMap<string, MemberPosting>;
  /** Set by an exit posting (6, 7, 8); from then on the member accepts no posting. */
  readonly exitDate: string | null;
  readonly exitReason: ExitReason | null;
  readonly exitBalanceId: string | null;
}

const initial: MemberState = {
  exists: false,
  memberId: null,
  cooperativeId: null,
  memberNr: null,
  master: null,
  shares: 0,
  cents: 0,
  postings: new Map(),
  exitDate: null,
  exitReason: null,
  exitBalanceId: null,
};

// =============================================================================================
// Commands
// =============================================================================================

/**
 * Master data as the clerk sent it: every field unchecked. The decider validates and normalises it
 * (trims text, empty text to null, IBAN/BIC/country in capitals, state in small letters) into
 * `MemberMasterData`. On change, the whole record is sent (fields left out are cleared).
 */
export type MemberMasterInput = { readonly [K in keyof MemberMasterData]?: unknown };

/** The cooperative's terms at the time of the command: share price in euro cents and the minimum holding in shares. */
export interface ShareTerms {
  readonly shareCost: number;
  readonly minimumShares: number;
}

/** Business dates of a posting as sent (`YYYY-MM-DD`); all three are required except for annulations. */
export interface PostingDates {
  readonly date: string | null | undefined;
  readonly approvalDate: string | null | undefined;
  readonly interestBegin: string | null | undefined;
}

export type AdmitMember = {
  readonly type: 'AdmitMember';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** Already claimed on its number streams by the handler (member-number.decider.ts). */
  readonly memberNr: number;
  readonly master: MemberMasterInput;
  /** Shares of the initial subscription (posting type 0, balance `balanceId`). */
  readonly shareAmount: number | null | undefined;
  readonly balanceId: string;
  readonly terms: ShareTerms;
  readonly today: string;
};

export type ChangeMemberData = {
  readonly type: 'ChangeMemberData';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly master: MemberMasterInput;
  readonly today: string;
};

/** 1 additional shares, 2 withdraw money, 6 death, 7 exclusion, 8 exit. For 6, 7, 8 `quantity` is ignored: the whole holding goes. */
export type PostShares = {
  readonly type: 'PostShares';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly postingType: 1 | 2 | 6 | 7 | 8;
  readonly quantity?: number | null;
  readonly terms: ShareTerms;
} & PostingDates;

/**
 * The outgoing half of a transfer (3), on the giving member. `balanceId` is posted here,
 * `peerBalanceId` on the receiving member by `TransferIn` in the same append.
 */
export type TransferOut = {
  readonly type: 'TransferOut';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferTo: string | null | undefined;
  readonly quantity: number | null | undefined;
  readonly terms: ShareTerms;
} & PostingDates;

/** The incoming half of a transfer (4), on the receiving member; mirrors `TransferOut` (ids swapped). */
export type TransferIn = {
  readonly type: 'TransferIn';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly peerBalanceId: string;
  readonly transferFrom: string;
  readonly quantity: number | null | undefined;
  readonly terms: ShareTerms;
} & PostingDates;

/**
 * Annul the posting `annulPeer` with the new type-5 posting `balanceId`. The date defaults to
 * `today`; approval date and interest begin are optional. When the original is a transfer half
 * (see `transferCounterpartToAnnul`), `peerBalanceId` is the annulation the handler posts on the
 * other member with `AnnulTransferCounterpart` in the same append.
 */
export type AnnulPosting = {
  readonly type: 'AnnulPosting';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly annulPeer: string | null | undefined;
  readonly peerBalanceId?: string;
  /** For the minimum that must remain when the annulation takes shares away. */
  readonly terms: ShareTerms;
  readonly today: string;
} & Partial<PostingDates>;

/**
 * The other half of a transfer annulation: annuls `annulPeer` (the counterpart on this member) with
 * `balanceId`; `counterpartOf` is the half annulled on the other member, `peerBalanceId` that annulation.
 */
export type AnnulTransferCounterpart = {
  readonly type: 'AnnulTransferCounterpart';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly annulPeer: string;
  readonly counterpartOf: string;
  readonly peerBalanceId: string;
  readonly terms: ShareTerms;
  readonly today: string;
} & Partial<PostingDates>;

/**
 * Share register correction (ROLE_SUPER_ADMIN): the payment actually made for the posting `balanceId`
 * (cents, a whole number) and the interest end (`YYYY-MM-DD` or empty). Recorded as a new event; the
 * posting itself never changes. Allowed after the member's exit (it corrects the register, it posts nothing).
 */
export type CorrectSharePayment = {
  readonly type: 'CorrectSharePayment';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly rueckpfleinzahlung: number | null | undefined;
  readonly interestEnd: string | null | undefined;
};

export type MemberCommand =
  | CorrectSharePayment
  | AdmitMember
  | ChangeMemberData
  | PostShares
  | TransferOut
  | TransferIn
  | AnnulPosting
  | AnnulTransferCounterpart;

// =============================================================================================
// Decider
// =============================================================================================

/**
 * The postings with one added or replaced, as a new map (states are never changed). A Map is copied in one native
 * step; spreading an object keyed by posting ids (a dictionary-mode object) cost a member's fold about 0.15 ms.
 */
function withPosting(postings: ReadonlyMap<string, MemberPosting>, balanceId: string, posting: MemberPosting): ReadonlyMap<string, MemberPosting> {
  return new Map(postings).set(balanceId, posting);
}

export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'MemberAdmitted': {
        const { memberId, cooperativeId, memberNr, ...master } = event.data;
        return { ...initial, exists: true, memberId, cooperativeId, memberNr, master };
      }
      case 'MemberDataChanged': {
        const { memberId: _id, ...changes } = event.data;
        return { ...state, master: { ...state.master!, ...changes } };
      }
      case 'SharesPosted': {
        const d = event.data;
        const { shares } = postingEffect(event);
        const posting: MemberPosting = {
          balanceId: d.balanceId,
          type: d.type,
          date: d.date,
          quantity: d.quantity,
          shares,
          amount: d.amount,
          annulated: false,
          annulPeer: null,
          transferPeer: d.transferPeer ?? null,
          transferTo: d.transferTo ?? null,
          transferFrom: d.transferFrom ?? null,
          interestBegin: d.interestBegin,
          payment: d.amount,
          interestEnd: null,
        };
        return { ...state, shares: state.shares + shares, cents: state.cents + d.amount, postings: withPosting(state.postings, d.balanceId, posting) };
      }
      case 'PostingAnnulled': {
        const d = event.data;
        const original = state.postings.get(d.annulPeer);
        const posting: MemberPosting = {
          balanceId: d.balanceId,
          type: 5,
          date: d.date,
          quantity: d.quantity,
          shares: d.quantity,
          amount: d.amount,
          annulated: false,
          annulPeer: d.annulPeer,
          transferPeer: d.transferPeer ?? null,
          transferTo: null,
          transferFrom: null,
          interestBegin: d.interestBegin,
          payment: d.amount,
          interestEnd: null,
        };
        const postings = new Map(state.postings).set(d.balanceId, posting);
        if (original) postings.set(d.annulPeer, { ...original, annulated: true });
        return { ...state, shares: state.shares + d.quantity, cents: state.cents + d.amount, postings };
      }
      case 'MemberExited':
        return { ...state, exitDate: event.data.exitDate, exitReason: event.data.reason, exitBalanceId: event.data.balanceId };
      case 'MemberExitRevoked':
        return { ...state, exitDate: null, exitReason: null, exitBalanceId: null };
      case 'SharePaymentCorrected': {
        const { balanceId, rueckpfleinzahlung, interestEnd } = event.data;
        const posting = state.postings.get(balanceId);
        if (!posting) return state;
        return { ...state, postings: withPosting(state.postings, balanceId, { ...posting, payment: rueckpfleinzahlung, interestEnd }) };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AdmitMember':
        return admit(command, state);
      case 'ChangeMemberData':
        return changeData(command, state);
      case 'PostShares':
        return postShares(command, state);
      case 'TransferOut':
        return transferOut(command, state);
      case 'TransferIn':
        return transferIn(command, state);
      case 'AnnulPosting':
        return annul(command, state);
      case 'AnnulTransferCounterpart':
        return annulCounterpart(command, state);
      case 'CorrectSharePayment':
        return correctSharePayment(command, state);
    }
  },
};

/** The commands on a member's share account: every member command but the two on master data. */
export type LedgerCommand = Exclude<MemberCommand, AdmitMember | ChangeMemberData>;

/**
 * The member's share account alone: `memberDecider` with the master data left out of its state (`master` stays null,
 * changes of master data change nothing). The posting commands never read master data, so they decide exactly as
 * `memberDecider` does (tested); the state holds no personal data, so the write path reads the member's stream
 * without opening it (StreamWriter.loadWithoutPersonalData): no key look-up and no decryption for a posting.
 */
export const memberLedgerDecider: Decider<LedgerCommand, MemberEvent, MemberState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'MemberAdmitted': {
        const { memberId, cooperativeId, memberNr } = event.data;
        return { ...initial, exists: true, memberId, cooperativeId, memberNr };
      }
      case 'MemberDataChanged':
        return state;
      default:
        return memberDecider.evolve(state, event);
    }
  },
  decide: (command, state) => memberDecider.decide(command, state),
};

// --- master data -------------------------------------------------------------------------------

function admit(command: AdmitMember, state: MemberState): MemberEvent[] {
  if (state.exists) throw new ValidationError([memberFieldError(null, 'invalidChoice', command.memberId)]);
  const { master, errors } = readMaster(command.master, { memberId: command.memberId, today: command.today, isNew: true });
  const shareCostError = shareCostErrors(command.terms);
  const shareAmount = command.shareAmount;
  if (shareAmount === null || shareAmount === undefined) errors.push(memberFieldError('shareAmount', 'mustNotBeEmpty'));
  else if (!isWholeAtLeastOne(shareAmount)) errors.push(memberFieldError('shareAmount', 'invalidNumber'));
  else if (shareAmount < command.terms.minimumShares) {
    errors.push(memberFieldError('shareAmount', 'mustBeAtLeast', String(command.terms.minimumShares)));
  }
  errors.push(...shareCostError);
  if (errors.length > 0) throw new ValidationError(errors);
  const { memberId, cooperativeId, memberNr, balanceId, terms } = command;
  const quantity = shareAmount!;
  return [
    { type: 'MemberAdmitted', data: { memberId, cooperativeId, memberNr, ...master } },
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId,
        type: 0,
        quantity,
        amount: amountFor(0, quantity, terms.shareCost),
        shareCost: terms.shareCost,
        // The subscription counts from the entry date; approval date and interest begin are the member's.
        date: master.entryDate,
        approvalDate: master.approvalDate!,
        interestBegin: master.interestBegin!,
      },
    },
  ];
}

function changeData(command: ChangeMemberData, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const { master, errors } = readMaster(command.master, { memberId: command.memberId, today: command.today, isNew: false });
  if (errors.length > 0) throw new ValidationError(errors);
  const before = state.master!;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(master) as (keyof MemberMasterData)[]) {
    if (master[key] !== before[key]) changes[key] = master[key];
  }
  if (Object.keys(changes).length === 0) return [];
  const data = { memberId: command.memberId, ...changes } as MemberDataChanged['data'];
  return [{ type: 'MemberDataChanged', data }];
}

interface ReadContext {
  readonly memberId: string;
  readonly today: string;
  readonly isNew: boolean;
}

/** SPEC.md section 5 "Member", with the normalisation described at `MemberMasterInput`. */
export function readMaster(input: MemberMasterInput, ctx: ReadContext): { master: MemberMasterData; errors: FieldError[] } {
  const r = new Reader(input);
  const memberType = r.choice('memberType', MEMBER_TYPES_ENTERABLE);
  const position = r.choice('position', MEMBER_POSITIONS);
  const salutation = r.choice('salutation', SALUTATIONS);
  const postalSalutation = r.choice('postalSalutation', POSTAL_SALUTATIONS);
  const title = r.choice('title', MEMBER_TITLES);
  const givenName = r.text('givenName');
  const name = r.text('name');
  const birthName = r.text('birthName');
  const birthDate = r.date('birthDate', ctx.today);
  const legalForm = r.choice('legalForm', LEGAL_FORMS);
  const civilStatus = r.choice('civilStatus', CIVIL_STATUSES);
  const spouse = r.text('spouse');
  const spouseGivenName = r.text('spouseGivenName');
  const spouseName = r.text('spouseName');
  const spouseBirthName = r.text('spouseBirthName');
  const spouseBirthDate = r.date('spouseBirthDate', ctx.today);
  const spouseTitle = r.choice('spouseTitle', MEMBER_TITLES);
  const street = r.text('street');
  const streetHomeNumber = r.text('streetHomeNumber');
  const zipCode = r.text('zipCode');
  const city = r.text('city');
  const isForeign = r.bool('isForeign');
  // SPEC section 4: switching isForeign clears state when foreign and country when not foreign.
  const state = isForeign ? null : r.choice('state', GERMAN_STATES, (v) => v.toLowerCase());
  const country = isForeign ? r.text('country', (v) => v.toUpperCase()) : null;
  const legalRepresentation = r.text('legalRepresentation');
  const privateEmail = r.text('privateEmail');
  const privateTelephone = r.text('privateTelephone');
  const bankname = r.text('bankname');
  const iban = r.text('iban', compactUpper);
  const bic = r.text('bic', compactUpper);
  const entryDate = r.date('entryDate');
  const approvalDate = r.date('approvalDate');
  const interestBegin = r.date('interestBegin');
  const manualTaxId = r.text('manualTaxId', (v) => v.replace(/\s+/g, ''));
  const churchId = r.text('churchId');
  const churchTaxRate = r.decimal('churchTaxRate');
  const kiSt = r.text('kiSt');
  const kiStSatz = r.decimal('kiStSatz');

  // Required and non-empty fields.
  for (const [field, value] of [
    ['name', name],
    ['bankname', bankname],
    ['bic', bic],
    ['iban', iban],
    ['city', city],
    ['street', street],
    ['streetHomeNumber', streetHomeNumber],
    ['postalSalutation', postalSalutation],
    ['entryDate', entryDate],
    ['legalForm', legalForm],
    ['memberType', memberType],
    ['position', position],
    ['zipCode', zipCode],
  ] as const) {
    r.require(field, value);
  }
  // Natural persons (anything but a legal entity, also while legalForm is missing).
  if (legalForm !== 1) {
    r.require('birthDate', birthDate);
    r.require('givenName', givenName);
    r.require('civilStatus', civilStatus);
    r.require('salutation', salutation);
  }
  if (isForeign) {
    r.require('country', country);
    if (country !== null && !/^[A-Z]{2}$/.test(country)) r.fail('country', 'invalidChoice', country);
  } else {
    r.require('state', state);
  }
  if (iban !== null && !isValidIban(iban)) r.fail('iban', 'invalidIban');
  if (bic !== null && !isValidBic(bic)) r.fail('bic', 'invalidBic');
  if (manualTaxId !== null && !isValidSteuerId(manualTaxId)) r.fail('manualTaxId', 'invalidTaxId');
  if (privateEmail !== null && !isValidEmail(privateEmail)) r.fail('privateEmail', 'invalidEmail');
  if (spouse !== null && spouse === ctx.memberId) r.fail('spouse', 'invalidChoice', spouse);
  // A legal representative is needed for a natural person under 18 (by the entered birth date).
  if (legalForm === 0 && birthDate !== null && isUnderage(birthDate, ctx.today)) r.require('legalRepresentation', legalRepresentation);
  if (ctx.isNew) {
    r.require('approvalDate', approvalDate);
    r.require('interestBegin', interestBegin);
  }

  const master = {
    memberType,
    position,
    salutation,
    postalSalutation,
    title,
    givenName,
    name,
    birthName,
    birthDate,
    legalForm,
    civilStatus,
    spouse,
    spouseGivenName,
    spouseName,
    spouseBirthName,
    spouseBirthDate,
    spouseTitle,
    street,
    streetHomeNumber,
    zipCode,
    city,
    state,
    country,
    isForeign,
    legalRepresentation,
    privateEmail,
    privateTelephone,
    bankname,
    iban,
    bic,
    entryDate,
    approvalDate,
    interestBegin,
    manualTaxId,
    churchId,
    churchTaxRate,
    kiSt,
    kiStSatz,
  };
  // Sound once `errors` is empty: every non-null field of MemberMasterData was required above.
  return { master: master as MemberMasterData, errors: r.errors };
}

/** Reads raw fields; a field gets at most one error (the first found). */
class Reader {
  readonly errors: FieldError[] = [];
  private readonly failed = new Set<string>();

  constructor(private readonly input: MemberMasterInput) {}

  private raw(field: keyof MemberMasterData): unknown {
    return this.input[field];
  }

  fail(field: string, template: Parameters<typeof memberFieldError>[1], ...params: string[]): void {
    if (this.failed.has(field)) return;
    this.failed.add(field);
    this.errors.push(memberFieldError(field, template, ...params));
  }

  require(field: string, value: unknown): void {
    if (value === null) this.fail(field, 'mustNotBeEmpty');
  }

  /** Text trimmed; empty is null. Numbers are taken as their digits (a zip code sent as a number). */
  text(field: keyof MemberMasterData, normalise: (v: string) => string = (v) => v): string | null {
    const v = this.raw(field);
    if (typeof v === 'number' && Number.isFinite(v)) return normalise(String(v));
    if (typeof v !== 'string') {
      if (v !== null && v !== undefined) this.fail(field, 'invalidChoice', String(v));
      return null;
    }
    const t = v.trim();
    return t === '' ? null : normalise(t);
  }

  /** One of `allowed`; numbers may come as digit strings. Empty is null. */
  choice<T extends string | number>(field: keyof MemberMasterData, allowed: readonly T[], normalise: (v: string) => string = (v) => v): T | null {
    const v = this.raw(field);
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const candidates: unknown[] = typeof v === 'string' ? [normalise(v.trim())] : [v];
    if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) candidates.push(Number(v));
    const found = allowed.find((a) => candidates.includes(a));
    if (found === undefined) {
      this.fail(field, 'invalidChoice', String(v));
      return null;
    }
    return found;
  }

  /** A calendar date `YYYY-MM-DD`; with `notAfter`, not later than that day (birth dates). */
  date(field: keyof MemberMasterData, notAfter?: string): string | null {
    const v = this.text(field);
    if (v === null) return null;
    if (!isIsoDate(v) || (notAfter !== undefined && v > notAfter)) {
      this.fail(field, 'invalidDate', v);
      return null;
    }
    return v;
  }

  /** A non-negative decimal (a percentage) with up to 4 decimals, kept as a string with a dot. */
  decimal(field: keyof MemberMasterData): string | null {
    const v = this.text(field, (s) => s.replace(',', '.'));
    if (v === null) return null;
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(v)) {
      this.fail(field, 'invalidNumber');
      return null;
    }
    return v;
  }

  bool(field: keyof MemberMasterData): boolean {
    const v = this.raw(field);
    if (v === undefined || v === null || v === false || v === 'false' || v === 0) return false;
    if (v === true || v === 'true' || v === 1) return true;
    this.fail(field, 'invalidChoice', String(v));
    return false;
  }
}

const compactUpper = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

// --- postings ---------------------------------------------------------------------------------

function postShares(command: PostShares, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const { postingType, terms, balanceId, memberId } = command;
  if (![1, 2, 6, 7, 8].includes(postingType)) throw new ValidationError([memberFieldError('type', 'invalidChoice', String(postingType))]);
  const errors = [...postingDateErrors(command), ...shareCostErrors(terms)];
  const isExit = postingType === 6 || postingType === 7 || postingType === 8;
  if (!isExit) errors.push(...quantityErrors(command.quantity));
  if (errors.length > 0) throw new ValidationError(errors);
  const dates = { date: command.date!, approvalDate: command.approvalDate!, interestBegin: command.interestBegin! };

  if (isExit) {
    // The whole remaining holding leaves: every share, and the money actually paid in (which may
    // differ from shares × today's price when the price changed since).
    const posting: SharesPosted = {
      type: 'SharesPosted',
      data: { memberId, balanceId, type: postingType, quantity: state.shares, amount: -state.cents, shareCost: terms.shareCost, ...dates },
    };
    // A back-dated exit must not leave a later posting on an empty account.
    if (lowestSharesFrom(withEntry(state, dates.date, -state.shares, -state.cents), dates.date) < 0) {
      throw new ValidationError([memberFieldError('date', 'holdingWouldBeNegative')]);
    }
    return [posting, { type: 'MemberExited', data: { memberId, exitDate: dates.date, reason: EXIT_REASON_BY_TYPE[postingType as ExitType], balanceId } }];
  }

  const quantity = command.quantity!;
  const amount = amountFor(postingType, quantity, terms.shareCost);
  if (postingType === 2) requireMinimumRemains(state, dates.date, -quantity, amount, terms);
  return [{ type: 'SharesPosted', data: { memberId, balanceId, type: postingType, quantity, amount, shareCost: terms.shareCost, ...dates } }];
}

function transferOut(command: TransferOut, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const { memberId, balanceId, peerBalanceId, terms } = command;
  const errors: FieldError[] = [];
  const transferTo = isBlank(command.transferTo) ? null : command.transferTo!.trim();
  if (transferTo === null) errors.push(memberFieldError('transferTo', 'selectTarget'));
  else if (transferTo === memberId) errors.push(memberFieldError('transferTo', 'canNotTransferToSelf'));
  errors.push(...quantityErrors(command.quantity), ...postingDateErrors(command), ...shareCostErrors(terms));
  if (errors.length > 0) throw new ValidationError(errors);
  const quantity = command.quantity!;
  const amount = amountFor(3, quantity, terms.shareCost);
  const dates = { date: command.date!, approvalDate: command.approvalDate!, interestBegin: command.interestBegin! };
  requireMinimumRemains(state, dates.date, -quantity, amount, terms);
  return [
    {
      type: 'SharesPosted',
      data: { memberId, balanceId, type: 3, quantity, amount, shareCost: terms.shareCost, ...dates, transferTo: transferTo!, transferPeer: peerBalanceId },
    },
  ];
}

function transferIn(command: TransferIn, state: MemberState): MemberEvent[] {
  const { memberId, balanceId, peerBalanceId, transferFrom, terms } = command;
  // The receiving member is named by the request (transferTo), so its absence is a field error, not a 404.
  if (!state.exists || state.cooperativeId !== command.cooperativeId) {
    throw new ValidationError([memberFieldError('transferTo', 'invalidChoice', memberId)]);
  }
  if (state.exitDate !== null) throw new ValidationError([memberFieldError('transferTo', 'memberHasExited')]);
  if (transferFrom === memberId) throw new ValidationError([memberFieldError('transferTo', 'canNotTransferToSelf')]);
  requireNewBalance(state, balanceId);
  const errors = [...quantityErrors(command.quantity), ...postingDateErrors(command), ...shareCostErrors(terms)];
  if (errors.length > 0) throw new ValidationError(errors);
  const quantity = command.quantity!;
  return [
    {
      type: 'SharesPosted',
      data: {
        memberId,
        balanceId,
        type: 4,
        quantity,
        amount: amountFor(4, quantity, terms.shareCost),
        shareCost: terms.shareCost,
        date: command.date!,
        approvalDate: command.approvalDate!,
        interestBegin: command.interestBegin!,
        transferFrom,
        transferPeer: peerBalanceId,
      },
    },
  ];
}

/**
 * The counterpart a transfer half's annulation must annul too: for an outgoing transfer (3) the
 * incoming half on the receiving member, for an incoming one (4) the outgoing half on the giving
 * member. Null for every other posting (and for an unknown balance id).
 */
export function transferCounterpartToAnnul(state: MemberState, balanceId: string): { memberId: string; balanceId: string } | null {
  const p = state.postings.get(balanceId);
  if (!p || p.transferPeer === null) return null;
  if (p.type === 3 && p.transferTo !== null) return { memberId: p.transferTo, balanceId: p.transferPeer };
  if (p.type === 4 && p.transferFrom !== null) return { memberId: p.transferFrom, balanceId: p.transferPeer };
  return null;
}

/**
 * Annulation (type 5). Types 0 and 5 and annulled postings cannot be annulled. An exited member
 * accepts no posting, with one exception: the annulation of the exit posting itself (6, 7, 8). That
 * re-opens the membership (`MemberExitRevoked`, the exit date is cleared) and gives the holding back.
 * We allow it rather than refuse it because an exit recorded on the wrong member or by mistake must
 * be correctable, and a reversing posting keeps the history intact (nothing is overwritten).
 */
function annul(command: AnnulPosting, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const annulPeer = isBlank(command.annulPeer) ? null : command.annulPeer!.trim();
  if (annulPeer === null) throw new ValidationError([memberFieldError('annulPeer', 'mustNotBeEmpty')]);
  const original = state.postings.get(annulPeer);
  if (!original) throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', annulPeer)]);
  if (original.type === 0 || original.type === 5 || original.annulated) throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  const revokesExit = original.balanceId === state.exitBalanceId;
  if (!revokesExit) requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  const counterpart = transferCounterpartToAnnul(state, annulPeer);
  if (counterpart && !command.peerBalanceId) {
    throw new Error(`Annulling transfer half ${annulPeer} needs peerBalanceId for the annulation of ${counterpart.balanceId} on member ${counterpart.memberId}`);
  }
  const events: MemberEvent[] = [reversal(command, state, original, counterpart ? command.peerBalanceId : undefined)];
  if (revokesExit) events.push({ type: 'MemberExitRevoked', data: { memberId: command.memberId, balanceId: original.balanceId, annulment: command.balanceId } });
  return events;
}

function annulCounterpart(command: AnnulTransferCounterpart, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const original = state.postings.get(command.annulPeer);
  if (!original || (original.type !== 3 && original.type !== 4) || original.transferPeer !== command.counterpartOf) {
    throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', command.annulPeer)]);
  }
  if (original.annulated) throw new ValidationError([memberFieldError('annulPeer', 'cannotAnnul')]);
  requireNotExited(state);
  requireNewBalance(state, command.balanceId);
  return [reversal(command, state, original, command.peerBalanceId)];
}

/**
 * The type-5 posting reversing `original` at the annulation's own date (default today), not before
 * the original's date. The holding must not go negative on any day from then on, and a reduction
 * must leave the minimum.
 */
function reversal(
  command: (AnnulPosting | AnnulTransferCounterpart) & { balanceId: string },
  state: MemberState,
  original: MemberPosting,
  transferPeer: string | undefined,
): MemberEvent {
  const date = isBlank(command.date) ? command.today : command.date!.trim();
  const approvalDate = isBlank(command.approvalDate) ? null : command.approvalDate!.trim();
  const interestBegin = isBlank(command.interestBegin) ? null : command.interestBegin!.trim();
  const errors: FieldError[] = [];
  if (!isIsoDate(date)) errors.push(memberFieldError('date', 'invalidDate', date));
  else if (date < original.date) errors.push(memberFieldError('date', 'mustBeAtLeast', original.date));
  if (approvalDate !== null && !isIsoDate(approvalDate)) errors.push(memberFieldError('approvalDate', 'invalidDate', approvalDate));
  if (interestBegin !== null && !isIsoDate(interestBegin)) errors.push(memberFieldError('interestBegin', 'invalidDate', interestBegin));
  if (errors.length > 0) throw new ValidationError(errors);
  const quantity = -original.shares;
  const amount = -original.amount;
  const lowest = lowestSharesFrom(withEntry(state, date, quantity, amount), date);
  if (lowest < 0) throw new ValidationError([memberFieldError('annulPeer', 'holdingWouldBeNegative')]);
  // Taking shares back (annulling a subscription or an incoming transfer) is a reduction like a
  // withdrawal: the member, who stays, keeps the minimum.
  if (quantity < 0 && lowest < command.terms.minimumShares) {
    throw new ValidationError([memberFieldError('annulPeer', 'atLeastAmountMustRemain', formatEuro(command.terms.minimumShares * command.terms.shareCost))]);
  }
  return {
    type: 'PostingAnnulled',
    data: {
      memberId: command.memberId,
      balanceId: command.balanceId,
      annulPeer: original.balanceId,
      originalType: original.type as PostingType,
      quantity,
      amount,
      date,
      approvalDate,
      interestBegin,
      ...(transferPeer !== undefined ? { transferPeer } : {}),
    },
  };
}

// --- share register ---------------------------------------------------------------------------

function correctSharePayment(command: CorrectSharePayment, state: MemberState): MemberEvent[] {
  requireMember(state, command.cooperativeId, command.memberId);
  const posting = state.postings.get(command.balanceId);
  if (!posting) throw new NotFoundError('Share', command.balanceId);
  const errors: FieldError[] = [];
  const payment = command.rueckpfleinzahlung;
  if (payment === null || payment === undefined) errors.push(memberFieldError('rueckpfleinzahlung', 'mustNotBeEmpty'));
  else if (!Number.isSafeInteger(payment)) errors.push(memberFieldError('rueckpfleinzahlung', 'invalidNumber'));
  const interestEnd = isBlank(command.interestEnd) ? null : command.interestEnd!.trim();
  if (interestEnd !== null) {
    if (!isIsoDate(interestEnd)) errors.push(memberFieldError('interestEnd', 'invalidDate', interestEnd));
    else if (posting.interestBegin !== null && interestEnd < posting.interestBegin) {
      errors.push(memberFieldError('interestEnd', 'mustBeAtLeast', posting.interestBegin));
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  if (payment === posting.payment && interestEnd === posting.interestEnd) return [];
  return [{ type: 'SharePaymentCorrected', data: { memberId: command.memberId, balanceId: command.balanceId, rueckpfleinzahlung: payment!, interestEnd } }];
}

// --- shared checks ------------------------------------------------------------------------------

/** A member of another cooperative is answered as not found, like one that never existed. */
function requireMember(state: MemberState, cooperativeId: string, memberId: string): void {
  if (!state.exists || state.cooperativeId !== cooperativeId) throw new NotFoundError('Member', memberId);
}

/** From the exit posting on, the member accepts no posting (whether or not the exit date has passed yet). */
function requireNotExited(state: MemberState): void {
  if (state.exitDate !== null) throw new ValidationError([memberFieldError(null, 'memberHasExited')]);
}

function requireNewBalance(state: MemberState, balanceId: string): void {
  if (state.postings.has(balanceId)) throw new ValidationError([memberFieldError(null, 'invalidChoice', balanceId)]);
}

/**
 * After a withdrawal or an outgoing transfer the member keeps at least `minimumShares`, on the
 * posting's date and on every later date (a back-dated withdrawal cannot empty a later day). The
 * parameter is the minimum in euro at today's share price, e.g. `250,00`.
 */
function requireMinimumRemains(state: MemberState, date: string, shares: number, amount: number, terms: ShareTerms): void {
  if (lowestSharesFrom(withEntry(state, date, shares, amount), date) < terms.minimumShares) {
    throw new ValidationError([memberFieldError('quantity', 'atLeastAmountMustRemain', formatEuro(terms.minimumShares * terms.shareCost))]);
  }
}

function withEntry(state: MemberState, date: string, shares: number, amount: number): HoldingEntry[] {
  return [...state.postings.values(), { date, shares, amount }];
}

function postingDateErrors(dates: Partial<PostingDates>): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['date', 'approvalDate', 'interestBegin'] as const) {
    const v = dates[field];
    if (isBlank(v)) errors.push(memberFieldError(field, 'mustNotBeEmpty'));
    else if (!isIsoDate(v!)) errors.push(memberFieldError(field, 'invalidDate', v!));
  }
  return errors;
}

/** SPEC: quantity is a whole number of at least 1 (invalidNumber). */
function quantityErrors(quantity: number | null | undefined): FieldError[] {
  if (quantity === null || quantity === undefined) return [memberFieldError('quantity', 'mustNotBeEmpty')];
  return isWholeAtLeastOne(quantity) ? [] : [memberFieldError('quantity', 'invalidNumber')];
}

/** A cooperative registered by name only has no share price yet: nothing can be posted. */
function shareCostErrors(terms: ShareTerms): FieldError[] {
  if (!Number.isSafeInteger(terms.minimumShares) || terms.minimumShares < 1) throw new RangeError('minimumShares must be a whole number of at least 1');
  return Number.isSafeInteger(terms.shareCost) && terms.shareCost >= 1 ? [] : [memberFieldError(null, 'shareCostNotSet')];
}

function isWholeAtLeastOne(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
}

// =============================================================================================
// Posting requests (SPEC.md section 5 "Balance"): which fields a request of each type needs
// =============================================================================================

/** A posting request as the API receives it, before it is routed to a command. */
export interface PostingRequest {
  readonly member: string | null | undefined;
  readonly type: number | null | undefined;
  readonly quantity?: number | null;
  readonly date?: string | null;
  readonly approvalDate?: string | null;
  readonly interestBegin?: string | null;
  readonly transferTo?: string | null;
  readonly annulPeer?: string | null;
}

/**
 * The shape rules of a posting request, checked before it is routed: type 1-8 (0 only comes with
 * the admission); member, date, approval date and interest begin for every type but 5; a whole
 * quantity of at least 1 for 1-4; `transferTo` required for 3 and 4 and not the member itself,
 * empty for the others; `annulPeer` required for 5 and empty for the others. The deciders check
 * the same again (and everything that needs the member's state).
 */
export function postingRequestErrors(request: PostingRequest): FieldError[] {
  const errors: FieldError[] = [];
  const type = request.type;
  if (type === null || type === undefined) return [memberFieldError('type', 'mustNotBeEmpty')];
  if (!Number.isInteger(type) || type < 1 || type > 8) return [memberFieldError('type', 'invalidChoice', String(type))];
  if (type !== 5) {
    if (isBlank(request.member)) errors.push(memberFieldError('member', 'mustNotBeEmpty'));
    errors.push(...postingDateErrors(request));
  }
  if (type >= 1 && type <= 4) errors.push(...quantityErrors(request.quantity));
  if (type === 3 || type === 4) {
    if (isBlank(request.transferTo)) errors.push(memberFieldError('transferTo', 'selectTarget'));
    else if (request.transferTo!.trim() === request.member?.trim()) errors.push(memberFieldError('transferTo', 'canNotTransferToSelf'));
  } else if (!isBlank(request.transferTo)) {
    errors.push(memberFieldError('transferTo', 'mustBeEmpty'));
  }
  if (type === 5 && isBlank(request.annulPeer)) errors.push(memberFieldError('annulPeer', 'mustNotBeEmpty'));
  if (type !== 5 && !isBlank(request.annulPeer)) errors.push(memberFieldError('annulPeer', 'mustBeEmpty'));
  return errors;
}
