import { Injectable } from '@nestjs/common';
import { UploadGate } from '../../platform/http/upload-gate.js';

/**
 * Bank statements read at once in this process, and waiting at most (decision 304). Reading one of 20,000 entries
 * (15 MB) takes a thread about 230 MB and the API's thread the matching and one append of its entries: four sent at
 * once took 0.9 GB more and held the API's answers 7.7 s, so many would fill the memory. A place is taken once the
 * upload's body is read (a slow sender holds no place; a body is at most 20 MiB); beyond those waiting an upload is
 * answered 503 `bankStatementBusy`.
 */
export const STATEMENTS_AT_ONCE = 1;
export const STATEMENTS_WAITING = 4;

@Injectable()
export class StatementGate extends UploadGate {
  constructor() {
    super({
      atOnce: STATEMENTS_AT_ONCE,
      waiting: STATEMENTS_WAITING,
      busy: {
        message: 'Other bank statements are being read just now. Please try again in a minute.',
        template: 'bankStatementBusy',
      },
    });
  }
}

/**
 * Statement bodies held at once in this process, one per cooperative (decision 332): a place is taken before the body
 * is read and kept until its statement is read (in its StatementGate turn). The body was read before any place was
 * taken (a slow sender holds no StatementGate place), so every upload sent at once was held whole in memory: forty of
 * 18.4 MiB took the API from 980 to 1,994 MB (a review's probe) before most were refused. A further upload, and a
 * cooperative's second, waits unread (the same file sent twice is then refused as read already); beyond those waiting
 * (a cooperative at most one) an upload is read to its end without keeping it and answered 503 `bankStatementBusy`.
 * At most STATEMENT_READS_AT_ONCE bodies of at most 20 MiB are held.
 */
export const STATEMENT_READS_AT_ONCE = 4;
export const STATEMENT_READS_WAITING = 8;

@Injectable()
export class StatementReadGate extends UploadGate {
  constructor() {
    super({
      atOnce: STATEMENT_READS_AT_ONCE,
      waiting: STATEMENT_READS_WAITING,
      perOwner: { running: 1, held: 2 },
      busy: {
        message: 'Other bank statements are being read just now. Please try again in a minute.',
        template: 'bankStatementBusy',
      },
    });
  }
}
