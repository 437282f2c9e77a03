import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../format';
import { formatDecimal, formatEuros, type DividendRecord } from './model';

/** One figure of a calculation or closure: label above, value below (a `<dl>` entry). */
function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Box sx={{ p: 1.25, borderRadius: 1, bgcolor: 'background.default', minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={strong ? 'h6' : 'body1'}
        sx={{ m: 0, mt: 0.25, fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : 400 }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The figures of a calculation or closure (SPEC 2): total sum, dividend, percent (4 decimals), the residue in amount
 * mode, the taxes withheld and the net paid out (with a credit to the Geschäftsguthaben, issue 45: the net, the credit and
 * the payout apart); money as `1.234,56 €`.
 */
export function DividendFigures({ dividend: d, name }: { dividend: DividendRecord; name: string }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`coop.dividend.fields.${field}`);
  return (
    <Box
      component="dl"
      data-testid={`${name}-figures`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', xl: 'repeat(5, 1fr)' },
        gap: 1.25,
        m: 0,
      }}
    >
      <Figure label={f('sum')} value={formatMoney(d.amount)} testId={`${name}-amount`} strong />
      <Figure label={f('dividend')} value={formatMoney(d.dividend)} testId={`${name}-dividend`} strong />
      <Figure label={f('percent')} value={`${formatDecimal(d.percent, 4)} %`} testId={`${name}-percent`} strong />
      {d.type === 'amount' ? (
        <Figure label={f('residue')} value={formatMoney(d.residue)} testId={`${name}-residue`} />
      ) : null}
      <Figure label={f('memberCount')} value={String(d.memberCount)} testId={`${name}-memberCount`} />
      <Figure label={f('exemptions')} value={formatMoney(d.exemptions)} testId={`${name}-exemptions`} />
      <Figure label={f('taxableAmount')} value={formatMoney(d.taxableAmount)} testId={`${name}-taxableAmount`} />
      <Figure label={f('dividendTax')} value={formatMoney(d.taxAmount)} testId={`${name}-taxAmount`} />
      <Figure
        label={f('solidarityTax')}
        value={formatMoney(d.solidaryTaxAmount)}
        testId={`${name}-solidaryTaxAmount`}
      />
      <Figure label={f('churchTax')} value={formatMoney(d.churchTax)} testId={`${name}-churchTax`} />
      {/* Issue 45: a net credited in part to the Geschäftsguthaben (§ 19 GenG) is shown apart from what is paid. */}
      {d.creditedAmount > 0 ? (
        <Figure label={f('netAmount')} value={formatMoney(d.netAmount)} testId={`${name}-netAmount`} />
      ) : null}
      {d.creditedAmount > 0 ? (
        <Figure
          label={f('creditedAmount')}
          value={formatMoney(d.creditedAmount)}
          testId={`${name}-creditedAmount`}
          strong
        />
      ) : null}
      <Figure label={f('paymentAmount')} value={formatMoney(d.paymentAmount)} testId={`${name}-paymentAmount`} strong />
    </Box>
  );
}

const num = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** A row the return needs but the product never fills (32, 33 when 0): shown greyed, a dash for 0. */
const unused = { color: 'text.secondary', fontStyle: 'italic' } as const;

/**
 * Rows 31 to 34 of the KapESt return (DOMAIN.md 5, 12a.10): base and KapESt in whole euros, truncated; rows 32 and 33
 * greyed (a dash when 0); row 34 the Soli with cents; the KapESt due beside when it differs from the rows' sum. Then the
 * church tax per church id with the church's name.
 */
export function TaxReturn({
  dividend: d,
  name,
  heading = 'h3',
}: {
  dividend: DividendRecord;
  name: string;
  heading?: 'h2' | 'h3';
}) {
  const translate = useTranslate();
  const r = d.taxReturn;
  const euros = (value: number, greyed: boolean) => (greyed && value === 0 ? '–' : formatEuros(value));
  const rowsSum = r.row31KapestEuros + r.row32KapestEuros;
  const titleId = `${name}-return-title`;
  const churchId = `${name}-church-title`;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        gap: 3,
      }}
    >
      <Box>
        <Typography id={titleId} variant="subtitle1" component={heading} sx={{ fontWeight: 600, mb: 0.5 }}>
          {translate('coop.dividend.taxReturn')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId} data-testid={`${name}-tax-return`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64, fontWeight: 600 }}>{translate('coop.dividend.returnRow')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{translate('coop.dividend.returnLine')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {translate('coop.dividend.returnBase')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {translate('coop.dividend.returnTax')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow data-testid={`${name}-row31`}>
                <TableCell>31</TableCell>
                <TableCell>{translate('coop.dividend.row31')}</TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row31-base`}>
                  {formatEuros(r.row31BaseEuros)}
                </TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row31-tax`}>
                  {formatEuros(r.row31KapestEuros)}
                </TableCell>
              </TableRow>
              <TableRow data-testid={`${name}-row32`} data-disabled="true" sx={{ '& td': unused }}>
                <TableCell>32</TableCell>
                <TableCell>{translate('coop.dividend.row32')}</TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row32-base`}>
                  {euros(r.row32BaseEuros, true)}
                </TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row32-tax`}>
                  {euros(r.row32KapestEuros, true)}
                </TableCell>
              </TableRow>
              <TableRow data-testid={`${name}-row33`} data-disabled="true" sx={{ '& td': unused }}>
                <TableCell>33</TableCell>
                <TableCell>{translate('coop.dividend.row33')}</TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row33-base`}>
                  {euros(r.row33BaseEuros, true)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  –
                </TableCell>
              </TableRow>
              <TableRow data-testid={`${name}-row34`}>
                <TableCell>34</TableCell>
                <TableCell>{translate('coop.dividend.row34')}</TableCell>
                <TableCell align="right" sx={num}>
                  –
                </TableCell>
                <TableCell align="right" sx={num} data-testid={`${name}-row34-soli`}>
                  {formatMoney(r.row34SoliCents)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
        {r.kapestDueEuros !== rowsSum ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid={`${name}-kapest-due`}>
            {translate('coop.dividend.kapestDue', {
              amount: formatEuros(r.kapestDueEuros),
              rows: formatEuros(rowsSum),
            })}
          </Typography>
        ) : null}
      </Box>
      <Box>
        <Typography id={churchId} variant="subtitle1" component={heading} sx={{ fontWeight: 600, mb: 0.5 }}>
          {translate('coop.dividend.churchTaxes')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={churchId} data-testid={`${name}-church-taxes`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64, fontWeight: 600 }}>{translate('coop.dividend.churchId')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{translate('coop.dividend.churchName')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {translate('coop.dividend.fields.churchTax')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.singleChurchTax.map((c) => (
                <TableRow key={c.churchId} data-testid={`${name}-church`} data-church-id={c.churchId}>
                  <TableCell>{c.churchId}</TableCell>
                  <TableCell>{c.name}</TableCell>
                  <TableCell align="right" sx={num}>
                    {formatMoney(c.amount)}
                  </TableCell>
                </TableRow>
              ))}
              {d.singleChurchTax.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography variant="body2" color="text.secondary">
                      {translate('coop.dividend.noChurchTax')}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Box>
  );
}
