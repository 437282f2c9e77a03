import { Injectable } from '@nestjs/common';
import type { NewTaskFile, RunningTask } from '../../tasks/index.js';
import {
  decodeText,
  readAnswerFileInSlices,
  readRequestFile,
  requestFiles,
  type ReadAnswer,
  type RequestedLine,
} from '../domain/kistam-files.js';
import type { KistamRequestLine } from '../domain/kistam-selection.js';

/*
 * How a KiStAM query reaches BZSt and its answer comes back (issue 24; DOMAIN.md 3.4). Now: files the clerk carries
 * through the BZSt online portal (BOP). Later an ELMA5 adapter sends the request itself and collects the answer; it
 * implements this port and is bound to KISTAM_TRANSPORT instead (church-tax.module.ts).
 */

export interface KistamRequest {
  readonly cooperativeId: string;
  /** The cooperative's approval number of process km (11 digits). */
  readonly kmNumber: string;
  readonly statusDate: string;
  readonly lines: readonly KistamRequestLine[];
}

export interface KistamTransport {
  /** Hands the request over; answers the files the clerk takes to BZSt (none where the adapter sends it itself). */
  send(request: KistamRequest): Promise<NewTaskFile[]>;
  /**
   * The answer to a task's request, with the lines the request asked (read back from what `send` made). An answer that
   * is none throws NotAnAnswerFile (the task is rejected with its template, `kistamAnswerNoRecord1`…; decision 302).
   */
  receive(task: RunningTask): Promise<{ readonly answer: ReadAnswer; readonly requested: readonly RequestedLine[] }>;
}

export const KISTAM_TRANSPORT = Symbol('KistamTransport');

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The request files' names: `kistam-request-<status date>[-<n>].csv`. */
export const REQUEST_FILE_PREFIX = 'kistam-request-';

/** Phase 1 of DOMAIN.md 3.4: request files in the BOP import format; the answer is the file the clerk uploaded. */
@Injectable()
export class BopFileTransport implements KistamTransport {
  async send(request: KistamRequest): Promise<NewTaskFile[]> {
    const texts = requestFiles(request.lines, request.statusDate);
    return texts.map((text, i) => ({
      name: `${REQUEST_FILE_PREFIX}${request.statusDate}${texts.length > 1 ? `-${String(i + 1)}` : ''}.csv`,
      contentType: 'text/csv; charset=utf-8',
      bytes: new TextEncoder().encode(text),
    }));
  }

  async receive(task: RunningTask): Promise<{ answer: ReadAnswer; requested: RequestedLine[] }> {
    const input = task.inputs[task.inputs.length - 1];
    if (!input) throw new Error('KiStAM answer file missing');
    // The upload checked the file's head only (decision 294): its lines are read here, giving the loop its turns, and
    // the lines read are the task's progress (a file of 250,000 lines showed none while it was read).
    const answer = await readAnswerFileInSlices(decodeText(await task.readFile(input.fileId)), (read, lines) => {
      task.progress(read, lines);
      return yieldToLoop();
    });
    const requested: RequestedLine[] = [];
    for (const file of task.files.filter((f) => f.name.startsWith(REQUEST_FILE_PREFIX))) {
      // one line per member: a spread of 150,000 arguments would overflow the stack
      for (const line of readRequestFile(decodeText(await task.readFile(file.fileId)))) requested.push(line);
    }
    return { answer, requested };
  }
}
