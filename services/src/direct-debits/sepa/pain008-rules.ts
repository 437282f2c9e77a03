/**
 * The rules of pain.008.001.08 (ISO 20022 CustomerDirectDebitInitiationV08) with the EPC/DK restrictions of a SEPA core
 * direct debit this file relies on, checked on the file parsed back (payouts' parsePain, fast-xml-parser): each
 * element's children in the schema's sequence (GroupHeader83, PaymentInstruction29, PaymentTypeInformation29,
 * DirectDebitTransactionInformation23, MandateRelatedInformation14 …; optional elements included so that the order is
 * checked against the whole sequence), the required ones present, lengths, the SEPA character set, amounts with two
 * decimals, NbOfTxs and CtrlSum per payment block and in the group header, CORE and the sequence types. Run on every
 * collection's file before it is stored (a file that breaks one is never written), and by the tests.
 */
import { parsePain, type XmlNode } from '../../payouts/index.js';
import { PAIN_008_001_08 } from './pain008.js';

interface Shape {
  readonly sequence: readonly string[];
  readonly required: readonly string[];
  /** A choice: exactly one of `sequence`. */
  readonly choice?: true;
}

const PARTY: Shape = { sequence: ['Nm', 'PstlAdr', 'Id', 'CtryOfRes', 'CtctDtls'], required: ['Nm'] };
const ACCOUNT: Shape = { sequence: ['Id', 'Tp', 'Ccy', 'Nm', 'Prxy'], required: ['Id'] };
const AGENT: Shape = { sequence: ['FinInstnId', 'BrnchId'], required: ['FinInstnId'] };
const CODE_OR_PROPRIETARY: Shape = { sequence: ['Cd', 'Prtry'], required: [], choice: true };

/** Shapes by element name; `Id` and `Othr` differ by parent and are looked up as `<parent>/<name>` first. */
export const PAIN_008_001_08_SHAPES: Readonly<Record<string, Shape>> = {
  Document: { sequence: ['CstmrDrctDbtInitn'], required: ['CstmrDrctDbtInitn'] },
  CstmrDrctDbtInitn: { sequence: ['GrpHdr', 'PmtInf', 'SplmtryData'], required: ['GrpHdr', 'PmtInf'] },
  GrpHdr: { sequence: ['MsgId', 'CreDtTm', 'Authstn', 'NbOfTxs', 'CtrlSum', 'InitgPty', 'FwdgAgt'], required: ['MsgId', 'CreDtTm', 'NbOfTxs', 'InitgPty'] },
  PmtInf: {
    sequence: ['PmtInfId', 'PmtMtd', 'BtchBookg', 'NbOfTxs', 'CtrlSum', 'PmtTpInf', 'ReqdColltnDt', 'Cdtr', 'CdtrAcct', 'CdtrAgt', 'CdtrAgtAcct', 'UltmtCdtr', 'ChrgBr', 'ChrgsAcct', 'ChrgsAcctAgt', 'CdtrSchmeId', 'DrctDbtTxInf'],
    // PmtTpInf and CdtrSchmeId: optional in ISO, required in the SEPA core rulebook.
    required: ['PmtInfId', 'PmtMtd', 'PmtTpInf', 'ReqdColltnDt', 'Cdtr', 'CdtrAcct', 'CdtrAgt', 'CdtrSchmeId', 'DrctDbtTxInf'],
  },
  PmtTpInf: { sequence: ['InstrPrty', 'SvcLvl', 'LclInstrm', 'SeqTp', 'CtgyPurp'], required: ['SvcLvl', 'LclInstrm', 'SeqTp'] },
  SvcLvl: CODE_OR_PROPRIETARY,
  LclInstrm: CODE_OR_PROPRIETARY,
  SchmeNm: CODE_OR_PROPRIETARY,
  InitgPty: PARTY,
  Cdtr: PARTY,
  Dbtr: PARTY,
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
    sequence: ['PmtId', 'PmtTpInf', 'InstdAmt', 'ChrgBr', 'DrctDbtTx', 'UltmtCdtr', 'DbtrAgt', 'DbtrAgtAcct', 'Dbtr', 'DbtrAcct', 'UltmtDbtr', 'InstrForCdtrAgt', 'Purp', 'RgltryRptg', 'Tax', 'RltdRmtInf', 'RmtInf'],
    // DrctDbtTx (the mandate) is optional in ISO, required in SEPA.
    required: ['PmtId', 'InstdAmt', 'DrctDbtTx', 'DbtrAgt', 'Dbtr', 'DbtrAcct'],
  },
  PmtId: { sequence: ['InstrId', 'EndToEndId'], required: ['EndToEndId'] },
  DrctDbtTx: { sequence: ['MndtRltdInf', 'CdtrSchmeId', 'PreNtfctnId', 'PreNtfctnDt'], required: ['MndtRltdInf'] },
  MndtRltdInf: {
    sequence: ['MndtId', 'DtOfSgntr', 'AmdmntInd', 'AmdmntInfDtls', 'ElctrncSgntr', 'FrstColltnDt', 'FnlColltnDt', 'Frqcy', 'Rsn', 'TrckgDays'],
    required: ['MndtId', 'DtOfSgntr'],
  },
  RmtInf: { sequence: ['Ustrd', 'Strd'], required: [] },
};

/** Max lengths: Max35Text ids (the mandate id too), EPC's Max70Text names, Max140Text remittance. */
const MAX_LENGTH: Readonly<Record<string, number>> = { MsgId: 35, PmtInfId: 35, EndToEndId: 35, InstrId: 35, MndtId: 35, Id: 35, Nm: 70, Ustrd: 140 };
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const AMOUNT = /^\d{1,15}\.\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest single amount of a SEPA debit (EPC: 999,999,999.99 euro). */
const MAX_DEBIT_CENTS = 99_999_999_999;

const cents = (amount: string): number => Number(amount.replace('.', ''));
const childOf = (node: XmlNode | undefined, name: string): XmlNode | undefined => node?.children.find((c) => c.name === name);
const textOf = (node: XmlNode | undefined, ...path: string[]): string | undefined => path.reduce<XmlNode | undefined>((n, name) => childOf(n, name), node)?.text;

/** Every broken rule of the document, as `path: what` (empty: the file follows the rules). */
export function pain008Violations(document: XmlNode): string[] {
  const problems: string[] = [];
  if (document.name !== 'Document' || document.attrs.xmlns !== PAIN_008_001_08) problems.push('Document: not a pain.008.001.08 document');
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

function checkShape(node: XmlNode, shape: Shape, path: string, problems: string[]): void {
  let last = -1;
  for (const child of node.children) {
    const at = shape.sequence.indexOf(child.name);
    if (at < 0) problems.push(`${path}: ${child.name} is not allowed in ${node.name}`);
    else if (at < last) problems.push(`${path}: ${child.name} out of order in ${node.name}`);
    else last = at;
  }
  for (const name of shape.required) if (!node.children.some((c) => c.name === name)) problems.push(`${path}: ${name} missing`);
  if (shape.choice && node.children.length !== 1) problems.push(`${path}: ${node.name} must hold exactly one of ${shape.sequence.join(', ')}`);
}

function checkLeaf(node: XmlNode, parent: string, path: string, problems: string[]): void {
  const max = MAX_LENGTH[node.name];
  if (max !== undefined && (node.text.length < 1 || node.text.length > max)) problems.push(`${path}: ${node.name} length ${node.text.length} not in 1..${max}`);
  if (!SEPA_TEXT.test(node.text)) problems.push(`${path}: ${node.name} has characters outside the SEPA set`);
  if (node.name === 'MndtId' && node.text.includes(' ')) problems.push(`${path}: MndtId must not hold a space`);
  if ((node.name === 'InstdAmt' || node.name === 'CtrlSum') && !AMOUNT.test(node.text)) problems.push(`${path}: ${node.name} ${node.text} is not an amount with two decimals`);
  if (node.name === 'InstdAmt' && (node.attrs.Ccy !== 'EUR' || cents(node.text) < 1 || cents(node.text) > MAX_DEBIT_CENTS)) problems.push(`${path}: InstdAmt must be EUR, 0.01 to 999999999.99`);
  if (node.name === 'IBAN' && !/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(node.text)) problems.push(`${path}: IBAN ${node.text} malformed`);
  if (node.name === 'BICFI' && !/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(node.text)) problems.push(`${path}: BICFI ${node.text} malformed`);
  if ((node.name === 'ReqdColltnDt' || node.name === 'DtOfSgntr') && !DATE.test(node.text)) problems.push(`${path}: ${node.name} ${node.text} is not a date`);
  if (node.name === 'CreDtTm' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(node.text)) problems.push(`${path}: CreDtTm ${node.text} is not a date and time`);
  if (node.name === 'PmtMtd' && node.text !== 'DD') problems.push(`${path}: PmtMtd must be DD`);
  if (node.name === 'SeqTp' && !['FRST', 'RCUR', 'OOFF', 'FNAL'].includes(node.text)) problems.push(`${path}: SeqTp ${node.text} unknown`);
  if (node.name === 'Cd' && parent === 'LclInstrm' && node.text !== 'CORE') problems.push(`${path}: LclInstrm must be CORE`);
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
    if (blockCount !== undefined && Number(blockCount) !== debits.length) problems.push(`PmtInf[${b}]: NbOfTxs differs from its debits`);
    if (blockControl !== undefined && cents(blockControl) !== blockSum) problems.push(`PmtInf[${b}]: CtrlSum differs from its debits`);
    const collection = textOf(block, 'ReqdColltnDt') ?? '';
    for (const d of debits) {
      const signed = textOf(d, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr') ?? '';
      if (signed > collection) problems.push(`PmtInf[${b}]: mandate ${textOf(d, 'DrctDbtTx', 'MndtRltdInf', 'MndtId') ?? ''} signed after the collection date`);
    }
    count += debits.length;
    sum += blockSum;
  });
  const header = childOf(initiation, 'GrpHdr');
  if (Number(textOf(header, 'NbOfTxs')) !== count) problems.push('GrpHdr: NbOfTxs differs from the debits');
  if (textOf(header, 'CtrlSum') !== undefined && cents(textOf(header, 'CtrlSum')!) !== sum) problems.push('GrpHdr: CtrlSum differs from the debits');
}
