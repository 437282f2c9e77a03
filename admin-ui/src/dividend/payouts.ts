import { useQuery } from '@tanstack/react-query';
import { api } from '../session/api';
import type { SepaCheck } from './sepaState';

const enc = encodeURIComponent;

/** The closure's downloads (issue 25): the routes and the file names SPEC 7 gives them. */
export const payoutPaths = {
  taxCertificates: (dividendId: string) => ({
    path: `/dividend/tax-pdf/${enc(dividendId)}`,
    name: 'Steuerbescheinigungen.pdf',
  }),
  memberCertificate: (dividendId: string, memberId: string) => ({
    path: `/dividend/tax-pdf/${enc(dividendId)}?member=${enc(memberId)}`,
    name: 'Steuerbescheinigungen.pdf',
  }),
  /** `POST` `{member, reason}`: a corrected certificate (§ 45a Abs. 6 EStG). */
  correctedCertificate: (dividendId: string) => ({
    path: `/dividend/tax-pdf/${enc(dividendId)}/corrections`,
    name: 'Steuerbescheinigungen.pdf',
  }),
  /** The certificate register: every issue, or one member's (`?member=`). */
  certificateIssues: (dividendId: string, memberId: string) =>
    `/dividend/tax-pdf/${enc(dividendId)}/issues?member=${enc(memberId)}`,
  /** The closure's certificate register: every issue of any member. */
  closureCertificateIssues: (dividendId: string) => `/dividend/tax-pdf/${enc(dividendId)}/issues`,
  sepa: (dividendId: string) => ({ path: `/dividend/sepa/${enc(dividendId)}`, name: 'Dividende-SEPA.xml' }),
  sepaCheck: (dividendId: string) => `/dividend/sepa/${enc(dividendId)}/check`,
  taxReturnCsv: (dividendId: string) => ({
    path: `/dividend/tax-return/${enc(dividendId)}.csv`,
    name: 'tax-return.csv',
  }),
  taxReturnPdf: (dividendId: string) => ({
    path: `/dividend/tax-return/${enc(dividendId)}.pdf`,
    name: 'tax-return.pdf',
  }),
} as const;

/** `GET /dividend/sepa/{id}/check`: whether the payment file can be made, else why not (the button's reason). */
export function useSepaCheck(dividendId: string) {
  return useQuery({
    queryKey: ['dividend', 'sepaCheck', dividendId],
    queryFn: async () => (await api<SepaCheck>(payoutPaths.sepaCheck(dividendId))).body,
    enabled: !!dividendId,
    retry: false,
  });
}
