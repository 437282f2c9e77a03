import type { DirectDebitSequence } from '@coop/contracts';
import {
  ID_MAX,
  NAME_MAX,
  postalAddressXml,
  REMITTANCE_MAX,
  sepaText,
  xmlAmount,
  xmlEscape,
  type SepaPostalAddress,
} from '../../payouts/index.js';
import { outsideEea } from '../../kernel/sepa-area.js';

export const PAIN_008_001_08 = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

/** One debit: amounts in cents, texts as they are (the builder reduces them to the SEPA set and the lengths). */
export interface SepaDebit {
  readonly endToEndId: string;
  readonly amount: number;
  readonly sequence: DirectDebitSequence;
  /** The mandate id (MndtId) and its date of signature (DtOfSgntr). */
  readonly mandateReference: string;
  readonly signedOn: string;
  readonly debtorName: string;
  readonly iban: string;
  /** Optional within SEPA: `NOTPROVIDED` is written when null (DK's rule for a debit by IBAN only). */
  readonly bic: string | null;
  /** The member's address: written (Dbtr/PstlAdr) only when the account is outside the EEA (decision 310). */
  readonly address?: SepaPostalAddress;
  readonly remittance: string;
}

export interface SepaDebitFile {
  readonly messageId: string;
  /** `YYYY-MM-DDThh:mm:ss` (ISODateTime). */
  readonly createdAt: string;
  /** `YYYY-MM-DD`: ReqdColltnDt. */
  readonly collectionDate: string;
  readonly creditor: {
    readonly name: string;
    readonly iban: string;
    readonly bic: string;
    readonly creditorId: string;
    /** The cooperative's address: written (Cdtr/PstlAdr) in a block with a debit outside the EEA (decision 310). */
    readonly address?: SepaPostalAddress;
  };
  readonly debits: readonly SepaDebit[];
}

const el = (name: string, text: string): string => `<${name}>${xmlEscape(text)}</${name}>`;
/** The sequence types in the order their payment blocks are written. */
const SEQUENCES: readonly DirectDebitSequence[] = ['FRST', 'RCUR', 'OOFF'];

/** The sum of `debits` in cents (CtrlSum, exact: summed as integers). */
export function debitSum(debits: readonly Pick<SepaDebit, 'amount'>[]): number {
  let sum = 0;
  for (const d of debits) sum += d.amount;
  return sum;
}

/**
 * A debit from an account outside the EEA (SEPA's Switzerland, United Kingdom, …): the EPC SDD rulebook asks for the
 * debtor's address (AT-09) and the creditor's (AT-05) there, as Regulation (EU) 2015/847 does for the payer; within
 * the EEA both stay out, as before (decision 310).
 */
const abroad = (d: SepaDebit): boolean => outsideEea(d.iban);

function debitXml(d: SepaDebit): string {
  return (
    '<DrctDbtTxInf>' +
    `<PmtId>${el('EndToEndId', sepaText(d.endToEndId, ID_MAX))}</PmtId>` +
    `<InstdAmt Ccy="EUR">${xmlAmount(d.amount)}</InstdAmt>` +
    `<DrctDbtTx><MndtRltdInf>${el('MndtId', d.mandateReference)}${el('DtOfSgntr', d.signedOn)}</MndtRltdInf></DrctDbtTx>` +
    `<DbtrAgt><FinInstnId>${d.bic ? el('BICFI', d.bic) : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId></DbtrAgt>` +
    `<Dbtr>${el('Nm', sepaText(d.debtorName, NAME_MAX))}${abroad(d) && d.address ? postalAddressXml(d.address) : ''}</Dbtr>` +
    `<DbtrAcct><Id>${el('IBAN', d.iban)}</Id></DbtrAcct>` +
    `<RmtInf>${el('Ustrd', sepaText(d.remittance, REMITTANCE_MAX))}</RmtInf>` +
    '</DrctDbtTxInf>'
  );
}

/**
 * The pain.008.001.08 customer direct debit initiation (SEPA core, `CORE`): one group header, one payment block per
 * sequence type present (FRST, RCUR, OOFF: SeqTp belongs to the block), each with its NbOfTxs and CtrlSum, the
 * collection date, the cooperative as creditor (name, IBAN, BIC) and its creditor identifier (CdtrSchmeId, scheme
 * `SEPA`), charges SLEV; each debit names its mandate and date of signature. Elements in the schema's order; written as
 * text as the credit transfer file is (payouts/sepa/pain001.ts), the parse-back rules (pain008-rules.ts) guard it.
 */
export function pain008Xml(file: SepaDebitFile): string {
  const creditor = sepaText(file.creditor.name, NAME_MAX);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Document xmlns="${PAIN_008_001_08}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<CstmrDrctDbtInitn>',
    `<GrpHdr>${el('MsgId', sepaText(file.messageId, ID_MAX))}${el('CreDtTm', file.createdAt)}${el('NbOfTxs', String(file.debits.length))}${el('CtrlSum', xmlAmount(debitSum(file.debits)))}<InitgPty>${el('Nm', creditor)}</InitgPty></GrpHdr>`,
  ];
  for (const sequence of SEQUENCES) {
    const debits = file.debits.filter((d) => d.sequence === sequence);
    if (debits.length === 0) continue;
    parts.push(
      '<PmtInf>',
      el('PmtInfId', sepaText(`${file.messageId}-${sequence}`, ID_MAX)),
      '<PmtMtd>DD</PmtMtd><BtchBookg>true</BtchBookg>',
      el('NbOfTxs', String(debits.length)),
      el('CtrlSum', xmlAmount(debitSum(debits))),
      `<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm>${el('SeqTp', sequence)}</PmtTpInf>`,
      el('ReqdColltnDt', file.collectionDate),
      `<Cdtr>${el('Nm', creditor)}${debits.some(abroad) && file.creditor.address ? postalAddressXml(file.creditor.address) : ''}</Cdtr>`,
      `<CdtrAcct><Id>${el('IBAN', file.creditor.iban)}</Id></CdtrAcct>`,
      `<CdtrAgt><FinInstnId>${el('BICFI', file.creditor.bic)}</FinInstnId></CdtrAgt>`,
      '<ChrgBr>SLEV</ChrgBr>',
      `<CdtrSchmeId><Id><PrvtId><Othr>${el('Id', file.creditor.creditorId)}<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>`,
    );
    for (const d of debits) parts.push(debitXml(d));
    parts.push('</PmtInf>');
  }
  parts.push('</CstmrDrctDbtInitn></Document>\n');
  return parts.join('');
}
