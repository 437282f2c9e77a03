// Issue 45: reading a bank statement file (CAMT.053) on the API's thread: the largest file the product takes, 20,000
// entries (each with its transaction, the payer's name and IBAN and a remittance text), read by readCamt
// (services/dist/bank-statements/camt/camt-reader.js): the checks before parsing, the well-formedness check, the parse
// and the entries. The matching and the append come after and are not measured here. Best of five, after one warm-up.
// No target: the evidence for decision 215 (the file is read at once; a statement of 20,000 entries blocks the thread
// for this long). Then what the API thread feels of the same read through readStatementFile (decision 230: a file above
// 128 KiB is read in a read thread): its longest stall, measured by a 1 ms timer, beside the stall of readCamt here.
import { log, now, round, saveResult, built } from './lib.js';

const started = now();
const { readCamt } = await built('services/dist/bank-statements/camt/camt-reader.js');
const { readStatementFile } = await built('services/dist/bank-statements/read-thread/read-statement-file.js');
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

/** The longest gap between two turns of a 1 ms timer while `work` runs: how long the thread could answer nobody. */
async function longestStall(work) {
  let last = now();
  let longest = 0;
  const timer = setInterval(() => {
    const t = now();
    longest = Math.max(longest, t - last);
    last = t;
  }, 1);
  const t = now();
  await work();
  const took = now() - t;
  clearInterval(timer);
  longest = Math.max(longest, now() - last);
  return { took: round(took), stall: round(longest) };
}
const inline = [];
const threaded = [];
for (let r = 0; r < 3; r++) {
  // interleaved, so both meet the same load
  inline.push(await longestStall(async () => readCamt(bytes)));
  threaded.push(
    await longestStall(async () => {
      const statement = await readStatementFile(bytes);
      if (statement.entries.length !== ENTRIES)
        throw new Error(`read ${statement.entries.length} entries in the thread`);
    }),
  );
}
const fmt = (runs) => runs.map((r) => `${r.took} ms (stall ${r.stall} ms)`).join(', ');
log(`readCamt here:              ${fmt(inline)}`);
log(`readStatementFile (thread): ${fmt(threaded)}`);
const worst = (runs, key) => runs.reduce((a, r) => Math.max(a, r[key]), 0);
saveResult('camt-read', started, { entries: ENTRIES, bytes: bytes.byteLength, times, inline, threaded }, [
  {
    metric: `read a CAMT.053 file of ${ENTRIES} entries (${round(bytes.byteLength / 1024 / 1024, 1)} MiB)`,
    target: null,
    actual: best,
    unit: 'ms',
    pass: null,
  },
  {
    metric: "the API thread's longest stall, read here (worst of 3)",
    target: null,
    actual: worst(inline, 'stall'),
    unit: 'ms',
    pass: null,
  },
  {
    metric: "the API thread's longest stall, read in the read thread (worst of 3)",
    target: null,
    actual: worst(threaded, 'stall'),
    unit: 'ms',
    pass: null,
  },
]);
