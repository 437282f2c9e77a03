import { outsideEea } from '../../kernel/sepa-area.js';
import { ID_MAX, NAME_MAX, REMITTANCE_MAX, sepaText, xmlAmount, xmlEscape } from './sepa-text.js';

export const PAIN_001_001_09 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

const el = (name: string, text: string): string => `<${name}>${xmlEscape(text)}</${name}>`;

/** One credit transfer: amounts in cents, texts as they are (the builder reduces them to the SEPA set and the lengths). */
export interface SepaTransfer {
  readonly endToEndId: string;
  readonly amount: number;
  readonly creditorName: string;
  readonly iban: string;
  /** Optional within SEPA (IBAN only): left out when null. */
  readonly bic: string | null;
  readonly remittance: string;
  /** The purpose code (Purp/Cd): `DIVD` when absent (the dividend); null leaves it out (a settlement repays capital, issue 42). */
  readonly purpose?: string | null;
}

export interface SepaPaymentFile {
  readonly messageId: string;
  /** `YYYY-MM-DDThh:mm:ss` (ISODateTime). */
  readonly createdAt: string;
  readonly paymentInfoId: string;
  /** `YYYY-MM-DD`: ReqdExctnDt/Dt. */
  readonly executionDate: string;
  readonly debtor: {
    readonly name: string;
    readonly iban: string;
    readonly bic: string;
    /** The cooperative's address, written (Dbtr/PstlAdr) only when a transfer leaves the EEA (decision 309). */
    readonly address?: SepaPostalAddress;
  };
  readonly transfers: readonly SepaTransfer[];
}

/** A structured postal address (PostalAddress24): street with its number, postcode, town, ISO country code. */
export interface SepaPostalAddress {
  readonly street: string;
  readonly zip: string;
  readonly town: string;
  readonly country: string;
}

/** ISO 20022's lengths of the address's fields (StrtNm 70, PstCd 16, TwnNm 35). */
const STREET_MAX = 70;
const ZIP_MAX = 16;
const TOWN_MAX = 35;

/** A structured PstlAdr (street, postcode, town, country; each cut to its length); '' without a town or country. */
export function postalAddressXml(a: SepaPostalAddress): string {
  const town = sepaText(a.town, TOWN_MAX);
  if (town === '' || !/^[A-Z]{2}$/.test(a.country)) return '';
  const street = sepaText(a.street, STREET_MAX);
  const zip = sepaText(a.zip, ZIP_MAX);
  return (
    '<PstlAdr>' +
    (street === '' ? '' : el('StrtNm', street)) +
    (zip === '' ? '' : el('PstCd', zip)) +
    el('TwnNm', town) +
    el('Ctry', a.country) +
    '</PstlAdr>'
  );
}

/**
 * The debtor's PstlAdr when a transfer goes to a bank outside the EEA (a Swiss IBAN): the payer's address is then
 * required (Regulation (EU) 2015/847; EPC SCT AT-P003), structured with town and country (DOMAIN.md 7). Within the
 * EEA it is optional and left out, as before; an address without a town cannot be written and is left out too.
 */
function debtorAddressXml(file: SepaPaymentFile): string {
  const a = file.debtor.address;
  if (a === undefined || !file.transfers.some((t) => outsideEea(t.iban))) return '';
  return postalAddressXml(a);
}

/** The total of the transfers in cents (the file's CtrlSum, exact: summed as integers). */
export function controlSum(transfers: readonly Pick<SepaTransfer, 'amount'>[]): number {
  let sum = 0;
  for (const t of transfers) sum += t.amount;
  return sum;
}

function transferXml(t: SepaTransfer): string {
  return (
    '<CdtTrfTxInf>' +
    `<PmtId>${el('EndToEndId', sepaText(t.endToEndId, ID_MAX))}</PmtId>` +
    `<Amt><InstdAmt Ccy="EUR">${xmlAmount(t.amount)}</InstdAmt></Amt>` +
    (t.bic ? `<CdtrAgt><FinInstnId>${el('BICFI', t.bic)}</FinInstnId></CdtrAgt>` : '') +
    `<Cdtr>${el('Nm', sepaText(t.creditorName, NAME_MAX))}</Cdtr>` +
    `<CdtrAcct><Id>${el('IBAN', t.iban)}</Id></CdtrAcct>` +
    (t.purpose === null ? '' : `<Purp>${el('Cd', t.purpose ?? 'DIVD')}</Purp>`) +
    `<RmtInf>${el('Ustrd', sepaText(t.remittance, REMITTANCE_MAX))}</RmtInf>` +
    '</CdtTrfTxInf>'
  );
}

/**
 * The pain.001.001.09 credit transfer initiation (DOMAIN.md 7): one group header, one payment block (the cooperative as
 * debtor, service level SEPA, charges SLEV, the execution date) with every transfer, elements in the schema's order.
 * No addresses within the EEA (optional there; DOMAIN.md 7); the cooperative's own when a transfer leaves it. Written as text: the file's shape is fixed and a DOM builder
 * (xmlbuilder2) took 18 s for 200,000 transfers against the 5 s target; the parse-back tests guard the structure.
 */
export function painXml(file: SepaPaymentFile): string {
  const count = String(file.transfers.length);
  const sum = xmlAmount(controlSum(file.transfers));
  const debtor = sepaText(file.debtor.name, NAME_MAX);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Document xmlns="${PAIN_001_001_09}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrCdtTrfInitn>',
    `<GrpHdr>${el('MsgId', sepaText(file.messageId, ID_MAX))}${el('CreDtTm', file.createdAt)}${el('NbOfTxs', count)}${el('CtrlSum', sum)}<InitgPty>${el('Nm', debtor)}</InitgPty></GrpHdr>`,
    '<PmtInf>',
    el('PmtInfId', sepaText(file.paymentInfoId, ID_MAX)),
    '<PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg>',
    el('NbOfTxs', count),
    el('CtrlSum', sum),
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>',
    `<ReqdExctnDt>${el('Dt', file.executionDate)}</ReqdExctnDt>`,
    `<Dbtr>${el('Nm', debtor)}${debtorAddressXml(file)}</Dbtr>`,
    `<DbtrAcct><Id>${el('IBAN', file.debtor.iban)}</Id></DbtrAcct>`,
    `<DbtrAgt><FinInstnId>${el('BICFI', file.debtor.bic)}</FinInstnId></DbtrAgt>`,
    '<ChrgBr>SLEV</ChrgBr>',
  ];
  for (const t of file.transfers) parts.push(transferXml(t));
  parts.push('</PmtInf></CstmrCdtTrfInitn></Document>\n');
  return parts.join('');
}
