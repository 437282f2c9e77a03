/*
 * What the checks of the two SEPA files (pain.001 credit transfers, pain.008 direct debits) share: an element's
 * children in the schema's sequence with the required ones present, the common parts of a party, an account and an
 * agent, and the leaf rules both files follow (lengths, the SEPA character set, amounts, IBAN, BIC, date-times).
 */

/** An element of a parsed SEPA file: its name, attributes, text and child elements in the file's order. */
export interface XmlNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly text: string;
  readonly children: readonly XmlNode[];
}

/** An element's children: their order (`sequence`), those required, and whether exactly one of them (a choice). */
export interface Shape {
  readonly sequence: readonly string[];
  readonly required: readonly string[];
  /** A choice: exactly one of `sequence`. */
  readonly choice?: true;
}

export const PARTY: Shape = { sequence: ['Nm', 'PstlAdr', 'Id', 'CtryOfRes', 'CtctDtls'], required: ['Nm'] };
export const ACCOUNT: Shape = { sequence: ['Id', 'Tp', 'Ccy', 'Nm', 'Prxy'], required: ['Id'] };
export const AGENT: Shape = { sequence: ['FinInstnId', 'BrnchId'], required: ['FinInstnId'] };
/** PostalAddress24, structured: since November 2025 at least town and country (DOMAIN.md 7). */
export const POSTAL_ADDRESS: Shape = {
  sequence: [
    'AdrTp',
    'Dept',
    'SubDept',
    'StrtNm',
    'BldgNb',
    'BldgNm',
    'Flr',
    'PstBx',
    'Room',
    'PstCd',
    'TwnNm',
    'TwnLctnNm',
    'DstrctNm',
    'CtrySubDvsn',
    'Ctry',
    'AdrLine',
  ],
  required: ['TwnNm', 'Ctry'],
};

const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const AMOUNT = /^\d{1,15}\.\d{2}$/;

/** The cents of an amount of two decimals (`12.34`), as an integer. */
export const centsOf = (amount: string): number => Number(amount.replace('.', ''));

/** The children of `node` against `shape`: unknown, out of order, missing, or more than one of a choice. */
export function checkShape(node: XmlNode, shape: Shape, path: string, problems: string[]): void {
  let last = -1;
  for (const child of node.children) {
    const at = shape.sequence.indexOf(child.name);
    if (at < 0) problems.push(`${path}: ${child.name} is not allowed in ${node.name}`);
    else if (at < last) problems.push(`${path}: ${child.name} out of order in ${node.name}`);
    else last = at;
  }
  for (const name of shape.required)
    if (!node.children.some((c) => c.name === name)) problems.push(`${path}: ${name} missing`);
  if (shape.choice && node.children.length !== 1)
    problems.push(`${path}: ${node.name} must hold exactly one of ${shape.sequence.join(', ')}`);
}

/** The leaf rules both files follow; `maxLength` by element name (each file's own). */
export function checkCommonLeaf(
  node: XmlNode,
  path: string,
  maxLength: Readonly<Record<string, number>>,
  problems: string[],
): void {
  const max = maxLength[node.name];
  if (max !== undefined && (node.text.length < 1 || node.text.length > max))
    problems.push(`${path}: ${node.name} length ${node.text.length} not in 1..${max}`);
  if (!SEPA_TEXT.test(node.text)) problems.push(`${path}: ${node.name} has characters outside the SEPA set`);
  if ((node.name === 'InstdAmt' || node.name === 'CtrlSum') && !AMOUNT.test(node.text))
    problems.push(`${path}: ${node.name} ${node.text} is not an amount with two decimals`);
  if (node.name === 'IBAN' && !/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(node.text))
    problems.push(`${path}: IBAN ${node.text} malformed`);
  if (node.name === 'BICFI' && !/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(node.text))
    problems.push(`${path}: BICFI ${node.text} malformed`);
  if (node.name === 'CreDtTm' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(node.text))
    problems.push(`${path}: CreDtTm ${node.text} is not a date and time`);
}
