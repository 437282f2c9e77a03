/**
 * The rules of pain.001.001.09 (ISO 20022 CustomerCreditTransferInitiationV09) with the EPC/DK restrictions this file
 * relies on, checked on a parsed document: each element's children in the schema's sequence, the required ones
 * present, lengths, the SEPA character set, amounts with two decimals, NbOfTxs and CtrlSum. Used by the tests (which
 * parse the file back) and the benchmark; the sequences are the XSD's (GroupHeader85, PaymentInstruction30,
 * CreditTransferTransaction34, …), optional elements included so that order is checked against the whole sequence.
 */
import { XMLParser } from 'fast-xml-parser';
import {
  ACCOUNT,
  AGENT,
  centsOf,
  checkCommonLeaf,
  checkShape,
  PARTY,
  POSTAL_ADDRESS,
  type Shape,
  type XmlNode,
} from './iso20022-shapes.js';
import { outsideEea } from '../../kernel/sepa-area.js';

export type { XmlNode } from './iso20022-shapes.js';

export const PAIN_001_001_09_SHAPES: Readonly<Record<string, Shape>> = {
  Document: { sequence: ['CstmrCdtTrfInitn'], required: ['CstmrCdtTrfInitn'] },
  CstmrCdtTrfInitn: { sequence: ['GrpHdr', 'PmtInf', 'SplmtryData'], required: ['GrpHdr', 'PmtInf'] },
  GrpHdr: {
    sequence: ['MsgId', 'CreDtTm', 'Authstn', 'NbOfTxs', 'CtrlSum', 'InitgPty', 'FwdgAgt'],
    required: ['MsgId', 'CreDtTm', 'NbOfTxs', 'InitgPty'],
  },
  PmtInf: {
    sequence: [
      'PmtInfId',
      'PmtMtd',
      'BtchBookg',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdExctnDt',
      'PoolgAdjstmntDt',
      'Dbtr',
      'DbtrAcct',
      'DbtrAgt',
      'DbtrAgtAcct',
      'InstrForDbtrAgt',
      'UltmtDbtr',
      'ChrgBr',
      'ChrgsAcct',
      'ChrgsAcctAgt',
      'CdtTrfTxInf',
    ],
    required: ['PmtInfId', 'PmtMtd', 'ReqdExctnDt', 'Dbtr', 'DbtrAcct', 'DbtrAgt', 'CdtTrfTxInf'],
  },
  PmtTpInf: { sequence: ['InstrPrty', 'SvcLvl', 'LclInstrm', 'CtgyPurp'], required: [] },
  SvcLvl: { sequence: ['Cd', 'Prtry'], required: [], choice: true },
  ReqdExctnDt: { sequence: ['Dt', 'DtTm'], required: [], choice: true },
  InitgPty: PARTY,
  Dbtr: PARTY,
  PstlAdr: POSTAL_ADDRESS,
  Cdtr: PARTY,
  DbtrAcct: ACCOUNT,
  CdtrAcct: ACCOUNT,
  Id: { sequence: ['IBAN', 'Othr'], required: [], choice: true },
  DbtrAgt: AGENT,
  CdtrAgt: AGENT,
  FinInstnId: { sequence: ['BICFI', 'ClrSysMmbId', 'LEI', 'Nm', 'PstlAdr', 'Othr'], required: [] },
  CdtTrfTxInf: {
    sequence: [
      'PmtId',
      'PmtTpInf',
      'Amt',
      'XchgRateInf',
      'ChrgBr',
      'ChqInstr',
      'UltmtDbtr',
      'IntrmyAgt1',
      'IntrmyAgt1Acct',
      'IntrmyAgt2',
      'IntrmyAgt2Acct',
      'IntrmyAgt3',
      'IntrmyAgt3Acct',
      'CdtrAgt',
      'CdtrAgtAcct',
      'Cdtr',
      'CdtrAcct',
      'UltmtCdtr',
      'InstrForCdtrAgt',
      'InstrForDbtrAgt',
      'Purp',
      'RgltryRptg',
      'Tax',
      'RltdRmtInf',
      'RmtInf',
      'SplmtryData',
    ],
    // Cdtr and CdtrAcct: optional in ISO, required in SEPA (EPC SCT rulebook).
    required: ['PmtId', 'Amt', 'Cdtr', 'CdtrAcct'],
  },
  PmtId: { sequence: ['InstrId', 'EndToEndId', 'UETR'], required: ['EndToEndId'] },
  Amt: { sequence: ['InstdAmt', 'EqvtAmt'], required: [], choice: true },
  Purp: { sequence: ['Cd', 'Prtry'], required: [], choice: true },
  RmtInf: { sequence: ['Ustrd', 'Strd'], required: [] },
};

/** Max lengths: EPC's Max70Text for names, Max35Text ids, Max140Text remittance. */
const MAX_LENGTH: Readonly<Record<string, number>> = {
  MsgId: 35,
  PmtInfId: 35,
  EndToEndId: 35,
  InstrId: 35,
  Nm: 70,
  Ustrd: 140,
  StrtNm: 70,
  PstCd: 16,
  TwnNm: 35,
};
const cents = centsOf;

/** Every broken rule of the document, as `path: what` (empty: the file follows the rules). */
export function pain001Violations(document: XmlNode): string[] {
  const problems: string[] = [];
  if (document.name !== 'Document' || document.attrs.xmlns !== 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09')
    problems.push('Document: not a pain.001.001.09 document');
  const walk = (node: XmlNode, path: string): void => {
    const shape = PAIN_001_001_09_SHAPES[node.name];
    if (node.children.length > 0) {
      if (!shape) problems.push(`${path}: no structure known for ${node.name}`);
      else checkShape(node, shape, path, problems);
    } else checkLeaf(node, path, problems);
    node.children.forEach((child, i) => walk(child, `${path}/${child.name}[${i}]`));
  };
  walk(document, 'Document');
  const initiation = document.children.find((c) => c.name === 'CstmrCdtTrfInitn');
  if (initiation) {
    checkSums(initiation, problems);
    checkDebtorAddress(initiation, problems);
  }
  return problems;
}

/**
 * A payment block with a transfer to a bank outside the EEA (a Swiss IBAN) names the payer's address, with town and
 * country (Regulation (EU) 2015/847 Art. 4; EPC SCT AT-P003; decision 309).
 */
function checkDebtorAddress(initiation: XmlNode, problems: string[]): void {
  const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
    path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
  for (const block of initiation.children.filter((c) => c.name === 'PmtInf')) {
    const abroad = block.children
      .filter((c) => c.name === 'CdtTrfTxInf')
      .map((t) => at(t, 'CdtrAcct', 'Id', 'IBAN')?.text ?? '')
      .filter((iban) => iban !== '' && outsideEea(iban));
    if (abroad.length === 0) continue;
    const address = at(block, 'Dbtr', 'PstlAdr');
    if (!at(address, 'TwnNm') || !at(address, 'Ctry'))
      problems.push(`PmtInf: Dbtr/PstlAdr with TwnNm and Ctry missing for a transfer outside the EEA (${abroad[0]})`);
  }
}

function checkLeaf(node: XmlNode, path: string, problems: string[]): void {
  checkCommonLeaf(node, path, MAX_LENGTH, problems);
  if (node.name === 'InstdAmt' && (node.attrs.Ccy !== 'EUR' || cents(node.text) < 1))
    problems.push(`${path}: InstdAmt must be EUR and at least 0.01`);
  if (node.name === 'Ctry' && !/^[A-Z]{2}$/.test(node.text))
    problems.push(`${path}: Ctry ${node.text} is no country code`);
  if (node.name === 'Dt' && !/^\d{4}-\d{2}-\d{2}$/.test(node.text))
    problems.push(`${path}: Dt ${node.text} is not a date`);
}

/** NbOfTxs and CtrlSum of the group header and of each payment block equal their transfers'. */
function checkSums(initiation: XmlNode, problems: string[]): void {
  const text = (node: XmlNode | undefined, name: string): string | undefined =>
    node?.children.find((c) => c.name === name)?.text;
  let count = 0;
  let sum = 0;
  for (const block of initiation.children.filter((c) => c.name === 'PmtInf')) {
    const transfers = block.children.filter((c) => c.name === 'CdtTrfTxInf');
    const blockSum = transfers.reduce(
      (s, t) =>
        s +
        cents(
          text(
            t.children.find((c) => c.name === 'Amt'),
            'InstdAmt',
          ) ?? '0',
        ),
      0,
    );
    if (text(block, 'NbOfTxs') !== undefined && Number(text(block, 'NbOfTxs')) !== transfers.length)
      problems.push('PmtInf: NbOfTxs differs from its transfers');
    if (text(block, 'CtrlSum') !== undefined && cents(text(block, 'CtrlSum')!) !== blockSum)
      problems.push('PmtInf: CtrlSum differs from its transfers');
    count += transfers.length;
    sum += blockSum;
  }
  const header = initiation.children.find((c) => c.name === 'GrpHdr');
  if (Number(text(header, 'NbOfTxs')) !== count) problems.push('GrpHdr: NbOfTxs differs from the transfers');
  if (text(header, 'CtrlSum') !== undefined && cents(text(header, 'CtrlSum')!) !== sum)
    problems.push('GrpHdr: CtrlSum differs from the transfers');
}

type Ordered = Record<string, unknown>;
/** fast-xml-parser's ordered output as nodes (element order kept, which the rules check). */
function toNodes(items: readonly Ordered[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((k) => k !== ':@');
    if (!name || name === '#text' || name.startsWith('?')) continue;
    const content = item[name] as Ordered[];
    const text = content
      .filter((c) => '#text' in c)
      .map((c) => String(c['#text']))
      .join('');
    nodes.push({ name, attrs: (item[':@'] ?? {}) as Record<string, string>, text, children: toNodes(content) });
  }
  return nodes;
}
/** The file parsed back (fast-xml-parser, element order kept, which the rules check). */
export function parsePain(xml: string): XmlNode {
  const parsed = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  }).parse(xml) as Ordered[];
  const [document] = toNodes(parsed);
  if (!document) throw new Error('no document');
  return document;
}
