import type { MemberDto } from '@coop/contracts';
import { counted, euros } from '../../kernel/german-format.js';
import { MEMBER_BALANCES, MEMBER_LIST, memberBalanceRow, memberListRow } from './member-lists.js';
import type { PdfIssuer } from './pdf-frame.js';
import { tablePdf } from './table-pdf.js';

/** Which member list PDF: the member list (all or only active members) or the members with shares. */
export interface MemberListPdfRequest {
  readonly issuer: PdfIssuer;
  readonly date: string;
  readonly document: 'members' | 'memberBalances';
  readonly onlyActive: boolean;
  /** The selection's count: the page count ("Seite n von m") is known before the first page. */
  readonly total: number;
}

/** A member list PDF from the selected members' batches, with the sum of members, shares and capital at its end. */
export function memberListPdf(
  request: MemberListPdfRequest,
  members: AsyncIterable<readonly MemberDto[]>,
  onRows?: (done: number) => void,
): Promise<{ pdf: Buffer; rows: number }> {
  const layout = request.document === 'members' ? MEMBER_LIST : MEMBER_BALANCES;
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
  const title =
    request.document === 'members' && request.onlyActive
      ? { ...layout, title: 'Mitgliederliste (aktive Mitglieder)' }
      : layout;
  return tablePdf(
    request.issuer,
    request.date,
    title,
    request.total,
    rows(),
    // German counts: thousands points (as the movement report's), and the noun's singular for one ("1 Mitglied").
    () => [
      `Summe: ${counted(count, 'Mitglied', 'Mitglieder')}, ${counted(shares, 'Anteil', 'Anteile')}, ${euros(cents)} EUR`,
    ],
    onRows,
  );
}
