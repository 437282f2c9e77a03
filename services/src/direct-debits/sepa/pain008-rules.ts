/**
 * The rules of pain.008.001.08 (ISO 20022 CustomerDirectDebitInitiationV08) with the EPC/DK restrictions of a SEPA core
 * direct debit this file relies on, checked on the file parsed back (payouts' parsePain, fast-xml-parser): each
 * element's children in the schema's sequence (GroupHeader83, PaymentInstruction29, PaymentTypeInformation29,
 * DirectDebitTransactionInformation23, MandateRelatedInformation14 …; optional elements included so that the order is
 * checked against the whole sequence), the required ones present, lengths, the SEPA character set, amounts with two
 * decimals, NbOfTxs and CtrlSum per payment block and in the group header, CORE and the sequence types. Run on every
 * collection's file before it is stored (a file that breaks one is never written), and by the tests.
 */
import {
  ACCOUNT,
  AGENT,
  centsOf,
  checkCommonLeaf,
  checkShape,
  parsePain,
  PARTY,
  POSTAL_ADDRESS,
  type Shape,
  type XmlNode,
} from '../../payouts/index.js';
import { DEBIT_MAX_CENTS } from '../domain/collection-plan.js';
import { PAIN_008_001_08 } from './pain008.js';

const CODE_OR_PROPRIETARY: Shape = { sequence: ['Cd', 'Prtry'], required: [], choice: true };

/** Shapes by element name; `Id` and `Othr` differ by parent and are looked up as `<parent>/<name>` first. */
export const PAIN_008_001_08_SHAPES: Readonly<Record<string, Shape>> = {
  Document: { sequence: ['CstmrDrctDbtInitn'], required: ['CstmrDrctDbtInitn'] },
  CstmrDrctDbtInitn: { sequence: ['GrpHdr', 'PmtInf', 'SplmtryData'], required: ['GrpHdr', 'PmtInf'] },
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
      'ReqdColltnDt',
      'Cdtr',
      'CdtrAcct',
      'CdtrAgt',
      'CdtrAgtAcct',
      'UltmtCdtr',
      'ChrgBr',
      'ChrgsAcct',
      'ChrgsAcctAgt',
      'CdtrSchmeId',
      'DrctDbtTxInf',
    ],
    // PmtTpInf and CdtrSchmeId: optional in ISO, required in the SEPA core rulebook.
    required: [
      'PmtInfId',
      'PmtMtd',
      'PmtTpInf',
      'ReqdColltnDt',
      'Cdtr',
      'CdtrAcct',
      'CdtrAgt',
      'CdtrSchmeId',
      'DrctDbtTxInf',
    ],
  },
  PmtTpInf: {
    sequence: ['InstrPrty', 'SvcLvl', 'LclInstrm', 'SeqTp', 'CtgyPurp'],
    required: ['SvcLvl', 'LclInstrm', 'SeqTp'],
  },
  SvcLvl: CODE_OR_PROPRIETARY,
  LclInstrm: CODE_OR_PROPRIETARY,
  SchmeNm: CODE_OR_PROPRIETARY,
  InitgPty: PARTY,
  Cdtr: PARTY,
  Dbtr: PARTY,
  PstlAdr: POSTAL_ADDRESS,
  CdtrSchmeId: { sequence: ['Nm', 'PstlAdr', 'Id', 'CtryOfRes', 'CtctDtls'], required: ['Id'] },
  CdtrAcct: ACCOUNT,
  DbtrAcct: ACCOUNT,
  'CdtrAcct/Id': { sequence: ['IBAN', 'Othr'], required: [], choice: true },
  'DbtrAcct/Id': { sequence: ['IBAN', 'Othr'], required: [], choice: true },
  'CdtrSchmeId/Id': { sequence: ['OrgId', 'PrvtId'], required: [], choice: true },
  PrvtId: { sequence: ['DtAndPlcOfBirth', 'Othr'], required: ['Othr'] },
  'PrvtId/Othr': { sequence: ['Id', 'SchmeNm', 'Issr'], required: ['Id', 'SchmeNm'] },
  'FinInstnId/Othr': { sequence: ['Id', 'SchmeNm', 'Issr'], required: ['Id'] },
  CdtrAgt: AGENT,
  DbtrAgt: AGENT,
  FinInstnId: { sequence: ['BICFI', 'ClrSysMmbId', 'LEI', 'Nm', 'PstlAdr', 'Othr'], required: [] },
  DrctDbtTxInf: {
    sequence: [
      'PmtId',
      'PmtTpInf',
      'InstdAmt',
      'ChrgBr',
      'DrctDbtTx',
      'UltmtCdtr',
      'DbtrAgt',
      'DbtrAgtAcct',
      'Dbtr',
      'DbtrAcct',
      'UltmtDbtr',
      'InstrForCdtrAgt',
      'Purp',
      'RgltryRptg',
      'Tax',
      'RltdRmtInf',
      'RmtInf',
    ],
    // DrctDbtTx (the mandate) is optional in ISO, required in SEPA.
    required: ['PmtId', 'InstdAmt', 'DrctDbtTx', 'DbtrAgt', 'Dbtr', 'DbtrAcct'],
  },
  PmtId: { sequence: ['InstrId', 'EndToEndId'], required: ['EndToEndId'] },
  DrctDbtTx: { sequence: ['MndtRltdInf', 'CdtrSchmeId', 'PreNtfctnId', 'PreNtfctnDt'], required: ['MndtRltdInf'] },
  MndtRltdInf: {
    sequence: [
      'MndtId',
      'DtOfSgntr',
      'AmdmntInd',
      'AmdmntInfDtls',
      'ElctrncSgntr',
      'FrstColltnDt',
      'FnlColltnDt',
      'Frqcy',
      'Rsn',
      'TrckgDays',
    ],
    required: ['MndtId', 'DtOfSgntr'],
  },
  RmtInf: { sequence: ['Ustrd', 'Strd'], required: [] },
};

/** Max lengths: Max35Text ids (the mandate id too), EPC's Max70Text names, Max140Text remittance. */
const MAX_LENGTH: Readonly<Record<string, number>> = {
  MsgId: 35,
  PmtInfId: 35,
  EndToEndId: 35,
  InstrId: 35,
  MndtId: 35,
  Id: 35,
  Nm: 70,
  Ustrd: 140,
  StrtNm: 70,
  PstCd: 16,
  TwnNm: 35,
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest single amount of a SEPA debit (EPC: 999,999,999.99 euro); the plan leaves a larger due out. */
const MAX_DEBIT_CENTS = DEBIT_MAX_CENTS;

const cents = centsOf;
const childOf = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((c) => c.name === name);
const textOf = (node: XmlNode | undefined, ...path: string[]): string | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => childOf(n, name), node)?.text;

/** Every broken rule of the document, as `path: what` (empty: the file follows the rules). */
export function pain008Violations(document: XmlNode): string[] {
  const problems: string[] = [];
  if (document.name !== 'Document' || document.attrs.xmlns !== PAIN_008_001_08)
    problems.push('Document: not a pain.008.001.08 document');
  const walk = (node: XmlNode, parent: string, path: string): void => {
    const shape = PAIN_008_001_08_SHAPES[`${parent}/${node.name}`] ?? PAIN_008_001_08_SHAPES[node.name];
    if (node.children.length > 0) {
      if (!shape) problems.push(`${path}: no structure known for ${node.name}`);
      else checkShape(node, shape, path, problems);
    } else checkLeaf(node, parent, path, problems);
    node.children.forEach((child, i) => walk(child, node.name, `${path}/${child.name}[${i}]`));
  };
  walk(document, '', 'Document');
  const initiation = childOf(document, 'CstmrDrctDbtInitn');
  if (initiation) checkBlocks(initiation, problems);
  return problems;
}

/** The file's rules broken, from its text. */
export const pain008XmlViolations = (xml: string): string[] => pain008Violations(parsePain(xml));

function checkLeaf(node: XmlNode, parent: string, path: string, problems: string[]): void {
  checkCommonLeaf(node, path, MAX_LENGTH, problems);
  if (node.name === 'MndtId' && node.text.includes(' ')) problems.push(`${path}: MndtId must not hold a space`);
  if (
    node.name === 'InstdAmt' &&
    (node.attrs.Ccy !== 'EUR' || cents(node.text) < 1 || cents(node.text) > MAX_DEBIT_CENTS)
  )
    problems.push(`${path}: InstdAmt must be EUR, 0.01 to 999999999.99`);
  if ((node.name === 'ReqdColltnDt' || node.name === 'DtOfSgntr') && !DATE.test(node.text))
    problems.push(`${path}: ${node.name} ${node.text} is not a date`);
  if (node.name === 'PmtMtd' && node.text !== 'DD') problems.push(`${path}: PmtMtd must be DD`);
  if (node.name === 'SeqTp' && !['FRST', 'RCUR', 'OOFF', 'FNAL'].includes(node.text))
    problems.push(`${path}: SeqTp ${node.text} unknown`);
  if (node.name === 'Cd' && parent === 'LclInstrm' && node.text !== 'CORE')
    problems.push(`${path}: LclInstrm must be CORE`);
  if (node.name === 'Cd' && parent === 'SvcLvl' && node.text !== 'SEPA') problems.push(`${path}: SvcLvl must be SEPA`);
  if (node.name === 'ChrgBr' && node.text !== 'SLEV') problems.push(`${path}: ChrgBr must be SLEV`);
}

/**
 * Per payment block: NbOfTxs and CtrlSum equal its debits', the collection date no earlier than a mandate's signature;
 * in the group header: NbOfTxs and CtrlSum equal all debits'. Sums as integers of cents.
 */
function checkBlocks(initiation: XmlNode, problems: string[]): void {
  let count = 0;
  let sum = 0;
  initiation.children.forEach((block, b) => {
    if (block.name !== 'PmtInf') return;
    const debits = block.children.filter((c) => c.name === 'DrctDbtTxInf');
    const blockSum = debits.reduce((s, d) => s + cents(textOf(d, 'InstdAmt') ?? '0'), 0);
    const blockCount = textOf(block, 'NbOfTxs');
    const blockControl = textOf(block, 'CtrlSum');
    if (blockCount !== undefined && Number(blockCount) !== debits.length)
      problems.push(`PmtInf[${b}]: NbOfTxs differs from its debits`);
    if (blockControl !== undefined && cents(blockControl) !== blockSum)
      problems.push(`PmtInf[${b}]: CtrlSum differs from its debits`);
    const collection = textOf(block, 'ReqdColltnDt') ?? '';
    for (const d of debits) {
      const signed = textOf(d, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr') ?? '';
      if (signed > collection)
        problems.push(
          `PmtInf[${b}]: mandate ${textOf(d, 'DrctDbtTx', 'MndtRltdInf', 'MndtId') ?? ''} signed after the collection date`,
        );
    }
    count += debits.length;
    sum += blockSum;
  });
  const header = childOf(initiation, 'GrpHdr');
  if (Number(textOf(header, 'NbOfTxs')) !== count) problems.push('GrpHdr: NbOfTxs differs from the debits');
  if (textOf(header, 'CtrlSum') !== undefined && cents(textOf(header, 'CtrlSum')!) !== sum)
    problems.push('GrpHdr: CtrlSum differs from the debits');
}
