// Issue 44 (decision 262): the movement report and the register workbook read every posting of a cooperative; they now
// make each stored `balances` document into its typed document first (readBalance, through the share ledger's
// `balanceDocuments`), where before they read the stored document with private str()/int() (the movement report) or
// copied 15 of its fields as stored (the workbook's trimmed()). This bench times that per-posting step both ways on the
// same documents, as a scan hands them over (parsed from the stored JSON): the old steps are the merge base's accessors
// copied here (two lines each), the new ones readBalance from this build's projections/dist. 300,000 postings (one in
// ten an annulation, two register versions each), a warm-up of each, then rounds interleaved old/new/new/old twice, the
// best of each kept. No target: evidence that the typed read costs these reports nothing worth a copy of the rules.
// `node bench/posting-read.js` (built code: `npx tsc -b services` first).
import { built, now, rng, saveResult } from './lib.js';
import { oldAgainstNew } from './support/old-new.js';

const started = now();
const POSTINGS = 300_000;
const { readBalance } = await built('projections/dist/owned/share-ledger.js');

const random = rng(262);
const stored = Array.from({ length: POSTINGS }, (_, i) => {
  const shares = 1 + Math.floor(random() * 5);
  const date = `20${10 + (i % 15)}-0${1 + (i % 9)}-15`;
  const cdc = { cdcUser: 'clerk', cdcAction: 'insert', cdcTimestamp: `${date}T09:00:00.000Z` };
  return JSON.stringify({
    id: `b-${i}`,
    cooperativeId: 'c-1',
    position: String(i + 1),
    member: `m-${i % 30_000}`,
    memberName: `Muster, Eva ${i % 30_000}`,
    memberNr: (i % 30_000) + 1,
    type: i % 10 === 9 ? 5 : 1,
    quantity: shares,
    amount: shares * 10_000,
    date,
    approvalDate: date,
    interestBegin: date,
    annulPeer: i % 10 === 9 ? `b-${i - 1}` : null,
    annulated: i % 10 === 8,
    shareAmount: shares,
    rueckpfleinzahlung: shares * 10_000,
    interestEnd: null,
    ...cdc,
    versions: [
      { ...cdc, rueckpfleinzahlung: shares * 5_000, interestEnd: null, effectiveDate: date },
      { ...cdc, cdcAction: 'update', rueckpfleinzahlung: shares * 10_000, interestEnd: null, effectiveDate: date },
    ],
  });
});

// The merge base's accessors (movement-source.ts str/int; register-workbook.ts trimmed), as they were.
const str = (doc, f) => (typeof doc[f] === 'string' ? doc[f] : null);
const int = (doc, f) => (typeof doc[f] === 'number' ? doc[f] : 0);
const versionCount = (versions) =>
  versions.filter((v) => typeof v === 'object' && v !== null && typeof v.rueckpfleinzahlung === 'number').length;
const trimmedOld = (b) => {
  const { id, cooperativeId, member, memberNr, type, quantity, amount, date, approvalDate } = b;
  const { interestBegin, transferMemberNr, transferPeer, annulPeer, rueckpfleinzahlung, position } = b;
  return {
    id,
    cooperativeId,
    member,
    memberNr,
    type,
    quantity,
    amount,
    date,
    approvalDate,
    interestBegin,
    transferMemberNr,
    transferPeer,
    annulPeer,
    rueckpfleinzahlung,
    position,
  };
};
const trimmedNew = (b) => {
  const { id, member, memberNr, type, quantity, amount, date, approvalDate, interestBegin } = b;
  const { transferMemberNr, transferPeer, annulPeer, rueckpfleinzahlung, position } = b;
  return {
    id,
    member,
    memberNr,
    type,
    quantity,
    amount,
    date,
    approvalDate,
    interestBegin,
    transferMemberNr,
    transferPeer,
    annulPeer,
    rueckpfleinzahlung,
    position,
  };
};

/** One pass over every posting as the movement report and the workbook read it; answers a checksum. */
const passes = {
  old: () => {
    let sum = 0;
    for (const text of stored) {
      const doc = JSON.parse(text);
      const versions = Array.isArray(doc.versions) ? doc.versions : [];
      sum += int(doc, 'type') + int(doc, 'shareAmount') + int(doc, 'amount') + int(doc, 'rueckpfleinzahlung');
      sum += (str(doc, 'date') ?? '').length + (str(doc, 'annulPeer') === null ? 0 : 1) + versionCount(versions);
      sum += trimmedOld(doc).quantity;
    }
    return sum;
  },
  new: () => {
    let sum = 0;
    for (const text of stored) {
      const doc = readBalance(JSON.parse(text));
      sum += doc.type + doc.shareAmount + doc.amount + doc.rueckpfleinzahlung;
      sum += doc.date.length + (doc.annulPeer === null ? 0 : 1) + versionCount(doc.versions);
      sum += trimmedNew(doc).quantity;
    }
    return sum;
  },
};
const { runs, bestOld, bestNew, ratio } = oldAgainstNew(passes, `${POSTINGS} postings`);
saveResult('posting-read', started, { postings: POSTINGS, runs, ratio }, [
  {
    metric: 'per-posting read, old (private str/int, fields as stored)',
    target: null,
    actual: bestOld,
    unit: 'ms',
    pass: null,
  },
  {
    metric: 'per-posting read, typed reader (readBalance)',
    target: null,
    actual: bestNew,
    unit: 'ms',
    pass: null,
  },
  { metric: 'typed / old (best of four each)', target: null, actual: ratio, unit: 'ratio', pass: null },
]);
