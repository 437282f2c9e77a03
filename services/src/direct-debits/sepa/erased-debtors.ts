/*
 * A collection's pain.008 file without the debtors erased since (issue 27, decision 364): the file is a bank voucher
 * the cooperative keeps for its other debits, so it is anonymised, not removed (DOMAIN.md 9.3: "anonymise rather than
 * delete"). Each debit of an erased member keeps its end-to-end id, amount, mandate id, date of signature and remittance
 * text (member number and subscription day, which the books keep too); its debtor's name becomes the placeholder, its
 * IBAN the placeholder account, its bank `NOTPROVIDED` and its address (written for an account outside the EEA) goes.
 * The counts and sums of the blocks and the header are untouched, so the file still adds up and passes its rules.
 */

/**
 * The erased debtor's name in a rewritten file: the exports' `Gelöscht (DSGVO)` (kernel ERASED_MEMBER_NAME) in the SEPA
 * set, with its English beside it (the file has no language of its own).
 */
export const ERASED_DEBTOR_NAME = 'Geloescht (DSGVO) / Erased (GDPR)';
/** The erased debtor's account: the IBAN pattern of the schema (two letters, two digits, letters and digits), no bank's. */
export const ERASED_DEBTOR_IBAN = 'XX00ERASED';

const DEBIT = /<DrctDbtTxInf>[\s\S]*?<\/DrctDbtTxInf>/g;
const END_TO_END = /<EndToEndId>([^<]*)<\/EndToEndId>/;

/** The debit's block with its debtor replaced by the placeholders. */
function anonymised(debit: string): string {
  return debit
    .replace(
      /<DbtrAgt>[\s\S]*?<\/DbtrAgt>/,
      '<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>',
    )
    .replace(/<Dbtr>[\s\S]*?<\/Dbtr>/, `<Dbtr><Nm>${ERASED_DEBTOR_NAME}</Nm></Dbtr>`)
    .replace(/<DbtrAcct>[\s\S]*?<\/DbtrAcct>/, `<DbtrAcct><Id><IBAN>${ERASED_DEBTOR_IBAN}</IBAN></Id></DbtrAcct>`);
}

/**
 * The file (pain008Xml's text) with the debtor of every debit whose end-to-end id is in `endToEndIds` anonymised;
 * answers the same text when there is none (or they are anonymised already), so a second run changes nothing.
 */
export function withoutErasedDebtors(xml: string, endToEndIds: ReadonlySet<string>): string {
  return xml.replace(DEBIT, (debit) => {
    const id = END_TO_END.exec(debit)?.[1];
    return id !== undefined && endToEndIds.has(id) ? anonymised(debit) : debit;
  });
}
