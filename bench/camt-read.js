// Issue 45: reading a bank statement file (CAMT.053) on the API's thread: the largest file the product takes, 20,000
// entries (each with its transaction, the payer's name and IBAN and a remittance text), read by readCamt
// (services/dist/bank-statements/camt/camt-reader.js): the checks before parsing, the well-formedness check, the parse
// and the entries. The matching and the append come after and are not measured here. Best of five, after one warm-up.
// No target: the evidence for decision 215 (the file is read at once; a statement of 20,000 entries blocks the thread
// for this long) and for a later move to a read thread if it is too long.
import { log, now, round, saveResult, built } from './lib.js';

const started = now();
const { readCamt } = await built('services/dist/bank-statements/camt/camt-reader.js');
const ENTRIES = 20_000;
const entry = (i) =>
  `<Ntry><Amt Ccy="EUR">${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-04-02</Dt></BookgDt>` +
  `<ValDt><Dt>2025-04-02</Dt></ValDt><AcctSvcrRef>2025040200${String(i).padStart(5, '0')}</AcctSvcrRef><BkTxCd><Prtry><Cd>NTRF+166+9310</Cd><Issr>DK</Issr></Prtry></BkTxCd>` +
  `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}</Amt></TxAmt></AmtDtls>` +
  `<RltdPties><Dbtr><Nm>Mitglied Nummer ${i} Müller-Lüdenscheidt</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct></RltdPties>` +
  `<RmtInf><Ustrd>Einzahlung Geschaeftsanteile Mitgl.-Nr. ${i} Rate 2 von 4</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const xml =
  '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId></GrpHdr>' +
  `<Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${Array.from({ length: ENTRIES }, (_, i) => entry(i + 1)).join('\n')}</Stmt></BkToCstmrStmt></Document>`;
const bytes = new TextEncoder().encode(xml);
log(`file: ${ENTRIES} entries, ${round(bytes.byteLength / 1024 / 1024, 2)} MiB`);
readCamt(bytes);
const times = [];
for (let r = 0; r < 5; r++) {
  const t = now();
  const statement = readCamt(bytes);
  times.push(round(now() - t));
  if (statement.entries.length !== ENTRIES) throw new Error(`read ${statement.entries.length} entries`);
}
const best = times.reduce((a, b) => Math.min(a, b), Infinity);
log(`readCamt: ${times.join(', ')} ms (best ${best} ms)`);
saveResult('camt-read', started, { entries: ENTRIES, bytes: bytes.byteLength, times }, [
  { metric: `read a CAMT.053 file of ${ENTRIES} entries (${round(bytes.byteLength / 1024 / 1024, 1)} MiB)`, target: null, actual: best, unit: 'ms', pass: null },
]);
