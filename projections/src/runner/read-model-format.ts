/** Name of the runner's checkpoint in the read store. */
export const CHECKPOINT = 'read-models';
/**
 * The format of the read models: their stored sort keys and their documents. Read models written in another format
 * are rebuilt from the event log when the projections start (ProjectionRunner.start): 1 = ASCII letters folded
 * (SQLite `NOCASE`), 2 = compareKey (decision 25), 3 = the share register kept in the postings' documents (decision 35),
 * 4 = search texts (and the text index) in the folded normal form (normaliseSearch: ä as ae, ß as ss), members
 * also searched by city, zip code and IBAN, and the members' `iban` a declared field (possible duplicates), 5 = the
 * dividend's read models (issue 23: `dividend_inputs` needs every member event of the log), 6 = the members'
 * `nameKey` and `taxIdKey` declared fields (issue 39: the same person twice, one tax id per person), 7 = on SQLite the
 * cooperatives numbered in the store (decision 282: a rebuild beside makes a new file, which numbers them).
 */
export const READ_MODEL_FORMAT = 7;
/**
 * Name of the entry (beside the checkpoints) holding the format the read models were written with. It says "key
 * format" because the first formats were those of the sort keys; stores written before keep it under this name.
 */
export const READ_MODEL_FORMAT_CHECKPOINT = 'read-models-key-format';
