import { Injectable } from '@nestjs/common';
import type { MemberDto } from '@coop/contracts';
import type { MembersAsOfScope } from '../members/index.js';
import { MemberPdfSource } from './queries/member-pdf-source.js';
import { euros } from '../kernel/german-format.js';
import { MEMBER_BALANCES, MEMBER_LIST, memberBalanceRow, memberListRow } from './render/member-lists.js';
import { statementsPdf } from './render/statement-pdf.js';
import { tablePdf, type TableLayout } from './render/table-pdf.js';

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

const NAMES: Readonly<Record<MemberPdfDocument, string>> = { members: 'mitgliederliste', memberBalances: 'mitglieder-anteile', statements: 'kontoauszuege' };

/** Renders the member PDFs from the projections (issue 26); writes nothing. */
@Injectable()
export class MemberPdfs {
  constructor(private readonly source: MemberPdfSource) {}

  /** How many members the request covers (one for a single member's statement, which must exist: 404 otherwise). */
  async count(cooperativeId: string, request: MemberPdfRequest): Promise<number> {
    if (request.member !== null) {
      await this.source.member(cooperativeId, request.member, request.date);
      return 1;
    }
    return this.source.count(cooperativeId, request.date, scopeOf(request));
  }

  async make(cooperativeId: string, request: MemberPdfRequest, onProgress?: (done: number, total: number) => void): Promise<MadeMemberPdf> {
    const issuer = await this.source.issuer(cooperativeId);
    const slug = await this.source.slug(cooperativeId);
    if (request.document === 'statements') {
      const only = request.member !== null ? await this.source.member(cooperativeId, request.member, request.date) : null;
      const total = only !== null ? 1 : await this.source.count(cooperativeId, request.date, 'active');
      const pdf = await statementsPdf(issuer, request.date, this.source.statements(cooperativeId, request.date, only), (done) => onProgress?.(done, total));
      const name = only !== null ? `kontoauszug-${slug}-${only.memberNr ?? only.id}-${request.date}.pdf` : `${NAMES.statements}-${slug}-${request.date}.pdf`;
      return { pdf, name, members: total };
    }
    const layout = request.document === 'members' ? MEMBER_LIST : MEMBER_BALANCES;
    const scope = scopeOf(request);
    // The page count ("Seite n von m") comes from the count; a member entered meanwhile changes it: render again.
    let total = await this.source.count(cooperativeId, request.date, scope);
    for (let attempt = 0; ; attempt += 1) {
      const made = await this.list(cooperativeId, request, layout, total, scope, issuer, onProgress);
      if (made.rows === total || attempt === 2) return { pdf: made.pdf, name: `${NAMES[request.document]}-${slug}-${request.date}.pdf`, members: made.rows };
      total = made.rows;
    }
  }

  private list(
    cooperativeId: string,
    request: MemberPdfRequest,
    layout: TableLayout,
    total: number,
    scope: MembersAsOfScope,
    issuer: Awaited<ReturnType<MemberPdfSource['issuer']>>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ pdf: Buffer; rows: number }> {
    const members = this.source.members(cooperativeId, request.date, scope);
    const toRow = request.document === 'members' ? memberListRow : memberBalanceRow;
    let count = 0;
    let shares = 0;
    let cents = 0;
    async function* rows(): AsyncGenerator<string[][]> {
      for await (const batch of members) {
        yield batch.map((m: MemberDto) => {
          count += 1;
          shares += m.shareAmount;
          cents += m.shareTotalEUR;
          return toRow(m);
        });
      }
    }
    const title = request.document === 'members' && request.onlyActive ? { ...layout, title: 'Mitgliederliste (aktive Mitglieder)' } : layout;
    return tablePdf(issuer, request.date, title, total, rows(), () => [`Summe: ${count} Mitglieder, ${shares} Anteile, ${euros(cents)} EUR`], (done) =>
      onProgress?.(done, total),
    );
  }
}
