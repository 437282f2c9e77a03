import { Injectable } from '@nestjs/common';
import type { MembersAsOfScope } from '../members/index.js';
import { inRenderTurn } from '../platform/render-thread/render-gate.js';
import { MemberPdfSource, oneMember } from './queries/member-pdf-source.js';
import { MemberPdfRenderer } from './render-thread/member-pdf-renderer.js';

/** The three member PDFs. */
export const MEMBER_PDF_DOCUMENTS = ['members', 'memberBalances', 'statements'] as const;
export type MemberPdfDocument = (typeof MEMBER_PDF_DOCUMENTS)[number];

/** What to render: the document, the date, only active members (the member list), one member (a statement). */
export interface MemberPdfRequest {
  readonly document: MemberPdfDocument;
  readonly date: string;
  readonly onlyActive: boolean;
  readonly member: string | null;
}

/** A rendered PDF, its file name and how many members it holds. */
export interface MadeMemberPdf {
  readonly pdf: Buffer;
  readonly name: string;
  readonly members: number;
}

/** The members a request covers. */
export function scopeOf(request: MemberPdfRequest): MembersAsOfScope {
  if (request.document === 'memberBalances') return 'withShares';
  if (request.document === 'statements') return 'active';
  return request.onlyActive ? 'active' : 'all';
}

const NAMES: Readonly<Record<MemberPdfDocument, string>> = {
  members: 'mitgliederliste',
  memberBalances: 'mitglieder-anteile',
  statements: 'kontoauszuege',
};

/** Renders the member PDFs from the projections (issue 26); writes nothing. */
@Injectable()
export class MemberPdfs {
  constructor(
    private readonly source: MemberPdfSource,
    private readonly renderer: MemberPdfRenderer,
  ) {}

  /**
   * How many members the request covers (one for a single member's statement, which must exist: 404 otherwise); with
   * `above`, the count may stop once it passes that number (the choice between an answer at once and a task).
   */
  async count(cooperativeId: string, request: MemberPdfRequest, above?: number): Promise<number> {
    if (request.member !== null) {
      await this.source.member(cooperativeId, request.member, request.date);
      return 1;
    }
    return this.source.count(cooperativeId, request.date, scopeOf(request), above);
  }

  /**
   * The PDF, made in its turn at the process's render gate (decision 337): a request beyond its places is refused 503
   * `renderBusy`; a background task (`background`) waits for its turn.
   */
  async make(
    cooperativeId: string,
    request: MemberPdfRequest,
    onProgress?: (done: number, total: number) => void,
    background = false,
    gone?: AbortSignal,
  ): Promise<MadeMemberPdf> {
    const turn = { cooperativeId, background, gone };
    const issuer = await this.source.issuer(cooperativeId);
    const slug = await this.source.slug(cooperativeId);
    if (request.document === 'statements') {
      const only =
        request.member !== null ? await this.source.member(cooperativeId, request.member, request.date) : null;
      const members =
        only !== null ? oneMember(only) : await this.source.members(cooperativeId, request.date, 'active');
      const total = members.total;
      const statements = this.source.statements(cooperativeId, request.date, members.batches());
      const pdf = await inRenderTurn(turn, () =>
        this.renderer.statements(issuer, request.date, total, statements, (done) => onProgress?.(done, total)),
      );
      const name =
        only !== null
          ? `kontoauszug-${slug}-${only.memberNr ?? only.id}-${request.date}.pdf`
          : `${NAMES.statements}-${slug}-${request.date}.pdf`;
      return { pdf, name, members: total };
    }
    // The page count ("Seite n von m") comes from the selection's count: the rows are the same selection.
    const members = await this.source.members(cooperativeId, request.date, scopeOf(request));
    const total = members.total;
    const list = { issuer, date: request.date, document: request.document, onlyActive: request.onlyActive, total };
    const made = await inRenderTurn(turn, () =>
      this.renderer.list(list, members.batches(), (done) => onProgress?.(done, total)),
    );
    return { pdf: made.pdf, name: `${NAMES[request.document]}-${slug}-${request.date}.pdf`, members: made.rows };
  }
}
