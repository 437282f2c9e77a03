import type {
  DividendMemberPaid,
  ExemptionOrderEvent,
  MemberEvent,
  NonAssessmentEvent,
  ReadDocument,
  RecordedEvent,
  WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { DIVIDEND_INPUTS } from './dividend-collections.js';
import { churchAfterAnswer } from './dividend-input-church.js';
import {
  CHURCH_DATA_ERASED,
  dividendInputsChurchErasure,
  dividendInputsErasure,
  erasedInputBlanks,
  INPUT_PERSONAL_TYPES,
  keptErased,
  MEMBERS_ERASED,
} from './erasure.js';

/*
 * `dividend_inputs`: one document per member (id = member id) holding what the dividend engine needs of the member
 * (its `MemberInput`): the master facts, every posting (annulled ones flagged), the member's exemption orders with
 * the volume earlier closures used per calendar year, and its non-assessment certificates. Built from the member
 * events, the tax paper events and `DividendMemberPaid`; the dividend's calculation streams these documents
 * (ReadStore.scan) into the engine. Erased personal data (a deleted key) arrives as null and is stored as absent.
 */

/**
 * A posting as the basis needs it (the engine's `BasisPosting`), as a tuple: id, type, signed amount (cents), date,
 * interest begin, annulled (1) or not (0). A member's document holds every posting and is rewritten by each of them,
 * and the calculation parses every document: tuples keep it about 40 % smaller than objects.
 */
export type DividendInputPosting = readonly [
  id: string,
  type: number,
  amount: number,
  date: string,
  interestBegin: string,
  annulled: 0 | 1,
  paymentOn?: string,
];

/*
 * The basis is the Geschäftsguthaben paid in (§ 19 (1) GenG, DOMAIN.md 1.1; issue 45, decision 233): a subscription
 * (0, 1, and an incoming transfer 4, decision 265) counts with what was paid when it was posted (`SharesPosted.paid`,
 * absent = its amount) from its interest begin, an outgoing transfer (3) with the Geschäftsguthaben it moved; each later payment (`SharePaymentReceived`) is a tuple of its own, id = the payment id, the subscription's
 * type, its amount, dated on the payment date, `paymentOn` = the subscription's balance id. Its interest begin is the
 * cooperative's rule applied to the payment date, at calculation time (the read model holds the payment date there).
 * A returned payment (`SharePaymentReturned`) and the payments on an annulled subscription are flagged: they count
 * as never made. `subscribed` keeps the full amount of each subscription posted in part: its payments count up to it.
 */

/** An exemption order as the engine needs it (`OrderInput`). */
export interface DividendInputOrder {
  readonly id: string;
  readonly memberId: string;
  readonly joint: boolean;
  readonly spouseMemberId: string | null;
  readonly amount: number;
  readonly issueDate: string;
  readonly startDate: string;
  readonly endDate: string | null;
  readonly usedByYear: Readonly<Record<string, number>>;
  /** Per closure that used the order: the payment year's use before that closure's first payout on it (issue 40). */
  readonly usedBefore?: Readonly<Record<string, { readonly year: string; readonly used: number }>>;
}

/** A non-assessment certificate (`CertificateInput`). */
export interface DividendInputCertificate {
  readonly id: string;
  readonly type: number;
  readonly startDate: string;
  readonly endDate: string;
}

/**
 * The master facts kept from the member events (the rest of `MemberInput`), and the names and birth date a
 * calculation's answer shows beside each member (so the preview reads no second collection).
 */
const MASTER_FIELDS = [
  'name',
  'givenName',
  'birthDate',
  'legalForm',
  'isForeign',
  'state',
  'churchId',
  'churchTaxRate',
  'manualTaxId',
  'taxId',
  'spouse',
  'spouseTaxId',
  'entryDate',
] as const;

const TYPES = new Set<string>([
  'MemberAdmitted',
  'MemberDataChanged',
  'ChurchDataRecorded',
  'SharesPosted',
  'PostingAnnulled',
  'MemberExited',
  'MemberExitRevoked',
  'MembershipEndNoticed',
  'MembershipEndWithdrawn',
  'ExemptionOrderRecorded',
  'ExemptionOrderCorrected',
  'NonAssessmentRecorded',
  'NonAssessmentCorrected',
  'DividendMemberPaid',
  'SharePaymentReceived',
  'SharePaymentReturned',
  'SharePaymentCorrected',
]);

const inputKey = (memberId: string): DocKey => ({ collection: DIVIDEND_INPUTS.name, id: memberId });

type Handled = MemberEvent | ExemptionOrderEvent | NonAssessmentEvent | DividendMemberPaid;

const postingsOf = (doc: ReadDocument): DividendInputPosting[] =>
  (doc.postings as DividendInputPosting[] | undefined) ?? [];
/** The full amounts of the subscriptions posted in part, by balance id (issue 45). */
const subscribedOf = (doc: ReadDocument): Readonly<Record<string, number>> =>
  (doc.subscribed as Record<string, number> | undefined) ?? {};
const ordersOf = (doc: ReadDocument): DividendInputOrder[] => (doc.orders as DividendInputOrder[] | undefined) ?? [];
const certificatesOf = (doc: ReadDocument): DividendInputCertificate[] =>
  (doc.certificates as DividendInputCertificate[] | undefined) ?? [];

/** The master fields an event carries (a change carries only those that changed); null for an erased one. */
function masterOf(data: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of MASTER_FIELDS) if (f in data) out[f] = (data as Record<string, unknown>)[f] ?? null;
  return out;
}

/** Replaces the entry of `id` in a list (or appends it), keeping the order in which entries first came. */
function upsert<T extends { readonly id: string }>(list: readonly T[], entry: T): T[] {
  const i = list.findIndex((e) => e.id === entry.id);
  return i < 0 ? [...list, entry] : list.map((e, j) => (j === i ? entry : e));
}

/** What the dividend needs of each member, from the member, tax paper and dividend events. */
export const dividendInputsProjector: Projector = {
  collections: [DIVIDEND_INPUTS],
  // 2: subscriptions count with what was paid, payments and returns are tuples of their own (issue 45).
  // 3: a register correction of a posting's payment restates what the posting bears (decision 236).
  // 4: a regular KiStAM answer applies from the following 1 January (`churchFollowing`, decision 350).
  // 5: an erased member's document is marked `erased`, and stays blanked by the events after its erasure.
  version: 5,
  keys(recorded: RecordedEvent): DocKey[] {
    if (recorded.type === MEMBERS_ERASED) return dividendInputsErasure.keys(recorded);
    if (recorded.type === CHURCH_DATA_ERASED) return dividendInputsChurchErasure.keys(recorded);
    if (!TYPES.has(recorded.type)) return [];
    const event = recorded as RecordedEvent<Handled>;
    if (event.type === 'DividendMemberPaid') {
      const holder = event.data.order?.holderId;
      return [inputKey(event.data.memberId), ...(holder && holder !== event.data.memberId ? [inputKey(holder)] : [])];
    }
    return [inputKey(event.data.memberId)];
  },
  project(recorded, current): WriteOp[] {
    if (recorded.type === MEMBERS_ERASED) return dividendInputsErasure.project(recorded, current);
    if (recorded.type === CHURCH_DATA_ERASED) return dividendInputsChurchErasure.project(recorded, current);
    const ops = inputEvents.project(recorded, current);
    return INPUT_PERSONAL_TYPES.has(recorded.type)
      ? keptErased(ops, current, DIVIDEND_INPUTS.name, erasedInputBlanks)
      : ops;
  },
};

/** The writes of a member, tax paper or dividend event, before an erased member's are blanked again (keptErased). */
const inputEvents = {
  project(recorded: RecordedEvent, current: (key: DocKey) => ReadDocument | undefined): WriteOp[] {
    const event = recorded as RecordedEvent<Handled>;
    const position = recorded.position.toString();
    const put = (doc: ReadDocument): WriteOp => ({ kind: 'put', collection: DIVIDEND_INPUTS.name, doc });
    if (event.type === 'MemberAdmitted') {
      const d = event.data;
      return [
        put(
          stamp(recorded, {
            id: d.memberId,
            cooperativeId: d.cooperativeId,
            memberNr: d.memberNr,
            ...masterOf(d),
            deathDate: null,
            deathNotice: null,
            exitDate: null,
            postings: [],
            orders: [],
            certificates: [],
          }),
        ),
      ];
    }
    if (event.type === 'DividendMemberPaid') return usedByOrder(event, current, position).map(put);
    const doc = current(inputKey(event.data.memberId));
    if (!doc) return [];
    const next = (changes: Record<string, unknown>): WriteOp[] => [put({ ...doc, ...changes, position })];
    switch (event.type) {
      case 'MemberDataChanged': {
        // Church data typed in with the member applies at once: a regular answer pending is set aside.
        const typed = 'churchId' in event.data || 'churchTaxRate' in event.data;
        return next({ ...masterOf(event.data), ...(typed ? { churchFollowing: null } : {}) });
      }
      case 'ChurchDataRecorded':
        return next(churchAfterAnswer(doc, event.data));
      case 'SharesPosted': {
        const d = event.data;
        const posting: DividendInputPosting = [d.balanceId, d.type, d.paid ?? d.amount, d.date, d.interestBegin, 0];
        const partly =
          d.paid !== undefined && d.paid < d.amount
            ? { subscribed: { ...subscribedOf(doc), [d.balanceId]: d.amount } }
            : {};
        return next({ postings: [...postingsOf(doc), posting], ...partly });
      }
      case 'SharePaymentReceived': {
        // Only on a subscription posted in part, and never beyond its amount: one posted whole (owing only by a
        // register correction, SharePaymentCorrected) already counts its whole amount.
        const d = event.data;
        const subscribed = subscribedOf(doc)[d.balanceId];
        const subscription = postingsOf(doc).find((p) => p[0] === d.balanceId && p[6] === undefined);
        if (subscribed === undefined || !subscription) return [];
        const counted = postingsOf(doc).reduce(
          (sum, p) => (p[6] === d.balanceId && p[5] === 0 ? sum + p[2] : sum),
          subscription[2],
        );
        const amount = Math.min(d.amount, subscribed - counted);
        if (amount <= 0) return [];
        const payment: DividendInputPosting = [
          d.paymentId,
          subscription[1],
          amount,
          d.date,
          d.date,
          subscription[5],
          d.balanceId,
        ];
        return next({ postings: [...postingsOf(doc), payment] });
      }
      case 'SharePaymentCorrected': {
        // The register's payment restated (`PUT /shares/{id}`, an imported register's payments; decision 236, DOMAIN.md
        // 1.1: the basis is what was paid in): the posting bears the corrected payment from its interest begin, less
        // the payments recorded on it since, which bear from their own dates. A subscription so left owing counts its
        // later payments up to its amount, as one posted in part.
        const d = event.data;
        const postings = postingsOf(doc);
        const at = postings.findIndex((p) => p[0] === d.balanceId && p[6] === undefined);
        if (at < 0) return [];
        const p = postings[at]!;
        const since = postings.reduce((sum, q) => (q[6] === d.balanceId && q[5] === 0 ? sum + q[2] : sum), 0);
        const restated: DividendInputPosting = [p[0], p[1], d.rueckpfleinzahlung - since, p[3], p[4], p[5]];
        const subscribed = subscribedOf(doc);
        const owing =
          (p[1] === 0 || p[1] === 1 || p[1] === 4) &&
          subscribed[d.balanceId] === undefined &&
          d.rueckpfleinzahlung < p[2] + since
            ? { subscribed: { ...subscribed, [d.balanceId]: p[2] + since } }
            : {};
        return next({ postings: postings.map((q, i) => (i === at ? restated : q)), ...owing });
      }
      case 'SharePaymentReturned': {
        const d = event.data;
        const postings = postingsOf(doc).map((p): DividendInputPosting =>
          p[0] === d.paymentId && p[6] !== undefined ? [p[0], p[1], p[2], p[3], p[4], 1, p[6]] : p,
        );
        return next({ postings });
      }
      case 'PostingAnnulled': {
        // The original and its annulation count as never made (DOMAIN.md 1.2): both are kept, flagged.
        const d = event.data;
        // The payments on an annulled subscription go with it (issue 45).
        const postings = postingsOf(doc).map((p): DividendInputPosting =>
          p[0] === d.annulPeer && p[6] === undefined
            ? [p[0], p[1], p[2], p[3], p[4], 1]
            : p[6] === d.annulPeer
              ? [p[0], p[1], p[2], p[3], p[4], 1, p[6]]
              : p,
        );
        postings.push([d.balanceId, 5, d.amount, d.date, d.interestBegin ?? d.date, 1]);
        return next({ postings });
      }
      case 'MembershipEndNoticed':
        // A death: the day of death is the notice's date (the membership itself ends at the year's end, § 77 GenG).
        return event.data.reason === 'death'
          ? next({ deathDate: event.data.noticeDate, deathNotice: event.data.balanceId })
          : [];
      case 'MemberExited': {
        const { exitDate, reason, balanceId } = event.data;
        // An exit for death recorded alone (before notices existed): the exit date is the day of death.
        const death =
          reason === 'death' && doc.deathDate == null ? { deathDate: exitDate, deathNotice: balanceId } : {};
        return next({ exitDate, ...death });
      }
      case 'MemberExitRevoked':
      case 'MembershipEndWithdrawn': {
        const undone = doc.deathNotice === event.data.balanceId ? { deathDate: null, deathNotice: null } : {};
        return next(event.type === 'MemberExitRevoked' ? { exitDate: null, ...undone } : undone);
      }
      case 'ExemptionOrderRecorded': {
        const d = event.data;
        const order: DividendInputOrder = {
          id: d.exemptionOrderId,
          memberId: d.memberId,
          joint: d.joint,
          spouseMemberId: d.spouse ?? null,
          amount: d.amount,
          issueDate: d.date,
          startDate: d.startDate,
          endDate: d.endDate ?? null,
          usedByYear: ordersOf(doc).find((o) => o.id === d.exemptionOrderId)?.usedByYear ?? {},
        };
        return next({ orders: upsert(ordersOf(doc), order) });
      }
      case 'ExemptionOrderCorrected': {
        const { exemptionOrderId, memberId: _m, ...c } = event.data;
        const order = ordersOf(doc).find((o) => o.id === exemptionOrderId);
        if (!order) return [];
        const corrected: DividendInputOrder = {
          ...order,
          ...(c.joint !== undefined ? { joint: c.joint } : {}),
          ...('spouse' in c ? { spouseMemberId: c.spouse ?? null } : {}),
          ...(c.amount !== undefined ? { amount: c.amount } : {}),
          ...(c.date !== undefined ? { issueDate: c.date } : {}),
          ...(c.startDate !== undefined ? { startDate: c.startDate } : {}),
          ...('endDate' in c ? { endDate: c.endDate ?? null } : {}),
        };
        return next({ orders: upsert(ordersOf(doc), corrected) });
      }
      case 'NonAssessmentRecorded': {
        const d = event.data;
        return next({
          certificates: upsert(certificatesOf(doc), {
            id: d.nonAssessmentId,
            type: d.type,
            startDate: d.startDate,
            endDate: d.endDate,
          }),
        });
      }
      case 'NonAssessmentCorrected': {
        const { nonAssessmentId, memberId: _m, ...c } = event.data;
        const certificate = certificatesOf(doc).find((x) => x.id === nonAssessmentId);
        if (!certificate) return [];
        const corrected: DividendInputCertificate = {
          ...certificate,
          ...(c.type !== undefined ? { type: c.type } : {}),
          ...(c.startDate !== undefined ? { startDate: c.startDate } : {}),
          ...(c.endDate !== undefined ? { endDate: c.endDate } : {}),
        };
        return next({ certificates: upsert(certificatesOf(doc), corrected) });
      }
      default:
        return [];
    }
  },
};

/**
 * A closure's payout consumed an exemption order: the order (on its holder's document) keeps what it exempted in the
 * payment year, so that the next payout of that calendar year continues from it (DOMAIN.md 2.6). The payout's trace
 * (`usedBefore`, `usedAfter`) is the FSA holder's use over all its orders (decision 341), so the order adds the
 * payout's share of it; the engine sums the holder's orders again. Each event is projected once (the runner skips an
 * event at or below a document's position); for payouts recorded before decision 341 (the order's own use, then
 * `usedBefore` = what the order held) this is the same figure as before.
 */
function usedByOrder(
  event: RecordedEvent<DividendMemberPaid>,
  current: (key: DocKey) => ReadDocument | undefined,
  position: string,
): ReadDocument[] {
  const order = event.data.order;
  if (!order || order.usedAfter === order.usedBefore) return [];
  const holder = current(inputKey(order.holderId ?? event.data.memberId));
  if (!holder) return [];
  const orders = ordersOf(holder);
  const kept = orders.find((o) => o.id === order.id);
  if (!kept) return [];
  const year = String(order.year);
  const used = (kept.usedByYear[year] ?? 0) + (order.usedAfter - order.usedBefore);
  // What the year held before this closure's first payout on the order: a closure resumed after a stop (issue 40)
  // calculates its remaining payouts from it, not from the use its own written payouts added.
  const before = kept.usedBefore ?? {};
  const usedBefore =
    event.data.dividendId in before
      ? before
      : { ...before, [event.data.dividendId]: { year, used: kept.usedByYear[year] ?? 0 } };
  return [
    {
      ...holder,
      orders: upsert(orders, { ...kept, usedByYear: { ...kept.usedByYear, [year]: used }, usedBefore }),
      position,
    },
  ];
}
