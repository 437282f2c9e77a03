/**
 * The dividend tax engine (issue 23): pure code, no framework or I/O. The server feeds it one `MemberInput` per member
 * and gets the run with every member's dividend, withholding and trace, the totals and the KapESt return.
 */
export type * from './types.js';
export { DividendCalculator, calculateDividend } from './calculator.js';
export { taxReturn, type ReturnedResult } from './tax-return.js';
export { memberBasis } from './basis.js';
/** Exact decimal text of a fraction ("4", "3.25"): the form percentages are kept in. */
export { shortDecimals } from './exact.js';
