import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { MemberDividendDto } from '@coop/contracts/console';
import { formatDate, formatMoney } from '../format';
import { downloadFile } from '../session/download';
import { can, useSession } from '../session/session';
import { payoutPaths } from './payouts';
import { CertificateIssues, CorrectCertificateButton } from './CorrectCertificate';

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The second value of a cell holding two (the payment date under the year, exempted under gross, Soli under KapESt). */
function Second({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ ...money, display: 'block', color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

/** The member's own tax certificate of one closed year (`GET /dividend/tax-pdf/{id}?member={memberId}`, `taxpdf.pdf`). */
function CertificateButton({ dividendId, memberId, year }: { dividendId: string; memberId: string; year: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const done = await downloadFile(
        payoutPaths.memberCertificate(dividendId, memberId).path,
        payoutPaths.memberCertificate(dividendId, memberId).name,
      );
      if ('accepted' in done) notify('coop.payouts.background', { type: 'info' });
    } catch (error) {
      notify('coop.payouts.downloadFailed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void click()}
      aria-label={translate('coop.payouts.memberCertificateOf', { year })}
      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      data-testid="member-dividend-certificate"
    >
      {translate('coop.payouts.memberCertificate')}
    </Button>
  );
}

/**
 * The member dashboard's "Dividends" section: the member's dividends of closed years, by year (newest first), with the
 * gross, the exemption used, KapESt, Soli, church tax and the net paid; the year opens the closure; each year's tax certificate downloads (roles that read church data).
 * To fit 1024 px in German (issue 43), three pairs share a column, the second value under the first: the year and its
 * payment date, gross and exempted, KapESt and Soli.
 */
export function MemberDividends({
  memberId,
  dividends,
  loading,
}: {
  memberId: string;
  dividends: readonly MemberDividendDto[] | undefined;
  loading: boolean;
}) {
  const translate = useTranslate();
  // The certificate names the member's church: only for the roles that read church data (`church:read`).
  const certificates = can(useSession(), 'church:read');
  const f = (field: string) => translate(`coop.dividend.fields.${field}`);
  const rows = [...(dividends ?? [])].sort((a, b) => b.year - a.year || b.paymentDate.localeCompare(a.paymentDate));
  const head = (label: string, right = true, second?: string) => (
    <TableCell align={right ? 'right' : undefined} sx={{ fontWeight: 600 }}>
      {second ? (
        <>
          {/* "first /" above "second", as the cells show the two values (as the sortable lists head them). */}
          <div>
            {label}
            <span aria-hidden="true">&nbsp;/</span>
          </div>
          <div>{second}</div>
        </>
      ) : (
        label
      )}
    </TableCell>
  );
  return (
    <Card component="section" aria-labelledby="member-dividends-title" data-testid="member-dividends">
      <CardHeader
        id="member-dividends-title"
        title={translate('coop.dividend.memberSection')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {!loading && rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="member-dividends-empty">
            {translate('coop.dividend.memberNone')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="member-dividends-title">
              <TableHead>
                <TableRow>
                  {head(f('year'), false, f('paymentDate'))}
                  {head(f('amount'), true, f('exemptions'))}
                  {head(f('dividendTax'), true, f('solidarityTax'))}
                  {head(f('churchTax'))}
                  {head(f('paymentAmount'))}
                  {certificates ? head(translate('coop.payouts.memberCertificateHead'), false) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((d) => (
                  <TableRow key={d.dividendId} data-testid="member-dividend" data-year={d.year}>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/dividend/closures/${encodeURIComponent(d.dividendId)}`}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                      >
                        {d.year}
                      </Link>
                      <Second>{formatDate(d.paymentDate)}</Second>
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(d.amount)}
                      <Second>{formatMoney(d.exemptions)}</Second>
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(d.dividendTax)}
                      <Second>{formatMoney(d.solidarityTax)}</Second>
                    </TableCell>
                    <TableCell align="right" sx={money}>
                      {formatMoney(d.churchTax)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...money, fontWeight: 600 }} data-testid="member-dividend-net">
                      {formatMoney(d.paymentAmount)}
                    </TableCell>
                    {certificates ? (
                      <TableCell>
                        <CertificateButton dividendId={d.dividendId} memberId={memberId} year={d.year} />
                        <CorrectCertificateButton dividendId={d.dividendId} memberId={memberId} year={d.year} />
                        <CertificateIssues dividendId={d.dividendId} memberId={memberId} />
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
