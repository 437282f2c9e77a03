import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADDING_KINDS, type MovementReportDto } from '@coop/contracts/console';
import { apiFieldErrors } from '../data/validationErrors';
import { formatCount, formatDate, formatMoney } from '../format';
import { downloadFile } from '../session/download';
import {
  holdingLines,
  kindLabel,
  leaversByReason,
  lineLabel,
  movementPaths,
  namesReportYear,
  reportYearFrom,
  yearBoundOf,
  yearChoices,
} from './model';
import { useMovementReport } from './queries';
import { movementText, movementTexts } from './texts';

type Texts = ReturnType<typeof useMovementTexts>;

/** `t(key, params)` for the movement report's texts in the current language (the language switch re-renders). */
function useMovementTexts(): (key: string, params?: Readonly<Record<string, unknown>>) => string {
  const [locale] = useLocaleState();
  const texts = movementTexts(locale);
  return (key, params) => movementText(texts, key, params);
}

/** A section's table: its caption (the section's name, for screen readers and the eye), a head row and the rows. */
function Section(props: { id: string; caption: string; head: readonly string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" data-testid={props.id} aria-labelledby={`${props.id}-caption`}>
        <caption
          id={`${props.id}-caption`}
          style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '8px 0' }}
        >
          {props.caption}
        </caption>
        <TableHead>
          <TableRow>
            {props.head.map((h, i) => (
              <TableCell key={i} scope="col" align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{props.children}</TableBody>
      </Table>
    </Box>
  );
}

/** One row: a header cell naming it, then right-aligned figures; `strong` for a start or an end. */
function Row(props: { label: string; cells: readonly string[]; strong?: boolean; indent?: boolean; testId?: string }) {
  const weight = props.strong ? 600 : undefined;
  return (
    <TableRow data-testid={props.testId}>
      {/* `&&`: above the theme's dense padding below 1280 px, which took the indent of the reasons (a probe at 1024). */}
      <TableCell component="th" scope="row" sx={{ fontWeight: weight, ...(props.indent ? { '&&': { pl: 4 } } : {}) }}>
        {props.label}
      </TableCell>
      {props.cells.map((c, i) => (
        <TableCell key={i} align="right" sx={{ fontWeight: weight }}>
          {c}
        </TableCell>
      ))}
    </TableRow>
  );
}

function Figures({ report: r, t }: { report: MovementReportDto; t: Texts }) {
  const translate = useTranslate();
  const adding = (k: number) => (ADDING_KINDS as readonly number[]).includes(k);
  return (
    <>
      <Section id="movement-members" caption={t('members')} head={[t('item'), t('count')]}>
        <Row
          label={t('start', { date: formatDate(r.from) })}
          cells={[formatCount(r.members.start)]}
          strong
          testId="movement-members-start"
        />
        <Row label={t('joined')} cells={[formatCount(r.members.joined)]} />
        <Row label={t('left')} cells={[formatCount(r.members.left)]} testId="movement-members-left" />
        {leaversByReason(r).map((l) => (
          <Row
            key={l.reason}
            label={t(`reasons.${l.reason}`)}
            cells={[formatCount(l.count)]}
            indent
            testId={`movement-left-${l.reason}`}
          />
        ))}
        <Row
          label={t('end', { date: formatDate(r.to) })}
          cells={[formatCount(r.members.end)]}
          strong
          testId="movement-members-end"
        />
        {r.members.endWithoutShares > 0 ? (
          <Row label={t('endWithoutShares')} cells={[formatCount(r.members.endWithoutShares)]} indent />
        ) : null}
      </Section>
      <Section
        id="movement-holdings"
        caption={t('holdings')}
        head={[t('item'), t('shares'), t('subscribed'), t('paid')]}
      >
        {holdingLines(r).map(({ key, holding }) => (
          <Row
            key={key}
            label={lineLabel(t, key, r, formatDate)}
            cells={[formatCount(holding.shares), formatMoney(holding.subscribed), formatMoney(holding.paid)]}
            strong={key === 'start' || key === 'end'}
            testId={`movement-${key}`}
          />
        ))}
      </Section>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('columnsHint')}
      </Typography>
      <Section
        id="movement-kinds"
        caption={t('byKind')}
        head={[t('kind'), t('postings'), t('annulments'), t('shares'), t('subscribed'), t('paid')]}
      >
        {r.byKind.map((k) => (
          <Row
            key={k.kind}
            label={`${adding(k.kind) ? '+' : '−'} ${kindLabel(translate, k.kind)}`}
            cells={[
              formatCount(k.postings),
              formatCount(k.annulments),
              formatCount(k.shares),
              formatMoney(k.subscribed),
              formatMoney(k.paid),
            ]}
          />
        ))}
      </Section>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('annulmentsHint')}
      </Typography>
      {r.liability === null ? (
        <Box sx={{ mb: 2 }} data-testid="movement-no-liability">
          <Typography variant="body2" sx={{ fontWeight: 600, py: 1 }}>
            {t('liability')}
          </Typography>
          <Typography variant="body2">{t('noLiability')}</Typography>
        </Box>
      ) : (
        <Section
          id="movement-liability"
          caption={`${t('liability')} (${t('perShare', { amount: formatMoney(r.liability.perShare) })})`}
          head={[t('item'), t('amount')]}
        >
          <Row label={lineLabel(t, 'start', r, formatDate)} cells={[formatMoney(r.liability.start)]} strong />
          <Row label={lineLabel(t, 'added', r, formatDate)} cells={[formatMoney(r.liability.added)]} />
          <Row label={lineLabel(t, 'reduced', r, formatDate)} cells={[formatMoney(r.liability.reduced)]} />
          <Row label={lineLabel(t, 'end', r, formatDate)} cells={[formatMoney(r.liability.end)]} strong />
        </Section>
      )}
    </>
  );
}

/**
 * "Bestandsnachweis" (§ 338 Abs. 1 HGB, issue 45): a financial year's members, shares and capital at its start and end,
 * their movements by reason and kind, the liability sums, and the PDF and XLSX for the annual accounts. Read-only; the
 * API checks the year and the roles.
 */
export default function MovementReportScreen() {
  const translate = useTranslate();
  const t = useMovementTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const year = reportYearFrom(location.search);
  const report = useMovementReport(year);
  const [fileError, setFileError] = useState<string | null>(null);
  // A year the API does not report on names the years it does: a cooperative whose register begins this year opens
  // this year instead of last year's refusal ("Muss mindestens 2026 sein"); a year asked for says why there is none.
  const bound = yearBoundOf(apiFieldErrors(report.error));
  const asked = namesReportYear(location.search);
  const opens = bound?.firstYear ?? bound?.lastYear;
  useEffect(() => {
    if (!asked && opens !== undefined) navigate(`/reports/movements?year=${opens}`, { replace: true });
  }, [asked, opens, navigate]);
  const years = yearChoices(report.data ?? bound);
  const download = async (file: { path: string; name: string }) => {
    setFileError(null);
    try {
      await downloadFile(file.path, file.name);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Card component="section" aria-labelledby="movement-title" data-testid="movement-report" sx={{ mt: 1 }}>
      <CardHeader
        id="movement-title"
        title={t('title', { year })}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('year')}
            value={years.includes(year) ? year : ''}
            onChange={(e) => navigate(`/reports/movements?year=${Number(e.target.value)}`)}
            slotProps={{ htmlInput: { 'data-testid': 'movement-year' } }}
            sx={{ minWidth: 160 }}
          >
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            disabled={!report.isSuccess}
            onClick={() => void download(movementPaths.pdf(year))}
            data-testid="movement-pdf"
          >
            {t('pdf')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            disabled={!report.isSuccess}
            onClick={() => void download(movementPaths.xlsx(year))}
            data-testid="movement-xlsx"
          >
            {t('xlsx')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 260 }}>
            {t('intro')}
          </Typography>
        </Box>
        {report.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
        {report.error && !(bound && !asked) ? (
          <Alert severity={bound ? 'info' : 'error'} data-testid="movement-error">
            {bound?.firstYear !== undefined
              ? t('beforeFirstYear', { year, first: bound.firstYear })
              : bound?.lastYear !== undefined
                ? t('afterLastYear', { year, last: bound.lastYear })
                : report.error.message}
          </Alert>
        ) : null}
        {fileError ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="movement-download-error">
            {t('downloadFailed', { message: fileError })}
          </Alert>
        ) : null}
        {report.data ? (
          <>
            {report.data.provisional ? (
              <Alert severity="info" sx={{ mb: 1 }} data-testid="movement-provisional">
                {t('provisional')}
              </Alert>
            ) : null}
            {!report.data.reconciles ? (
              <Alert severity="warning" sx={{ mb: 1 }} data-testid="movement-not-reconciled">
                {t('notReconciled')}
              </Alert>
            ) : null}
            <Figures report={report.data} t={t} />
            <Typography variant="body2" color="text.secondary">
              {t('asOf', { date: formatDate(report.data.asOf) })}
            </Typography>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
