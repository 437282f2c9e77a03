import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../format';
import { MemberPicker } from '../members/MemberLookup';
import type { ExemptionOrderRecord, NonAssessmentRecord, TaxPaperState } from './model';
import { ActionsHeader } from '../common/ActionsHeader';

export const exemptionOrderPath = (id: string) => `/exemption-orders/${encodeURIComponent(id)}`;
export const nonAssessmentPath = (id: string) => `/non-assessment/${encodeURIComponent(id)}`;
export const newExemptionOrderPath = (member: string) => `/exemption-orders/new/member/${encodeURIComponent(member)}`;
export const newNonAssessmentPath = (member: string) => `/non-assessments/new/member/${encodeURIComponent(member)}`;

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/** Active (green) or inactive (grey), derived by the API. */
export function StateChip({ state }: { state: TaxPaperState | string | null | undefined }) {
  const translate = useTranslate();
  if (state !== 'active' && state !== 'inactive') return null;
  return (
    <Chip
      size="small"
      label={translate(`coop.taxPapers.states.${state}`)}
      color={state === 'active' ? 'success' : 'default'}
      variant={state === 'active' ? 'filled' : 'outlined'}
      sx={{ height: 22 }}
      data-testid="paper-state"
      data-state={state}
    />
  );
}

/** The order lacks the member's or (joint) the spouse's tax id: kept, but the closure will refuse it (the API's warning fields). */
export const taxIdMissing = (o: Pick<ExemptionOrderRecord, 'memberTaxIdMissing' | 'spouseTaxIdMissing'>): boolean =>
  o.memberTaxIdMissing === true || o.spouseTaxIdMissing === true;

/** The warning texts of an order, one per missing tax id. */
export function useTaxIdWarnings() {
  const translate = useTranslate();
  return (o: Pick<ExemptionOrderRecord, 'memberTaxIdMissing' | 'spouseTaxIdMissing'>): string[] => [
    ...(o.memberTaxIdMissing ? [translate('coop.taxPapers.memberTaxIdMissing')] : []),
    ...(o.spouseTaxIdMissing ? [translate('coop.taxPapers.spouseTaxIdMissing')] : []),
  ];
}

/** A warning chip "Tax id missing" with the full texts as its tooltip, on an order without the tax ids it needs. */
export function TaxIdWarningChip({
  order,
}: {
  order: Pick<ExemptionOrderRecord, 'memberTaxIdMissing' | 'spouseTaxIdMissing'>;
}) {
  const translate = useTranslate();
  const warnings = useTaxIdWarnings()(order);
  if (warnings.length === 0) return null;
  return (
    <Tooltip title={warnings.join(' ')}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={translate('coop.taxPapers.taxIdMissingShort')}
        sx={{ ml: 1, height: 22 }}
        data-testid="exemption-order-taxid-warning"
        aria-label={warnings.join(' ')}
      />
    </Tooltip>
  );
}

/** "Joint with 1002 Berger, Bernd" or "Single". */
export function useJointLabel() {
  const translate = useTranslate();
  return (o: Pick<ExemptionOrderRecord, 'joint' | 'spouseName'>): string =>
    o.joint
      ? o.spouseName
        ? translate('coop.taxPapers.jointWith', { name: o.spouseName })
        : translate('coop.taxPapers.joint')
      : translate('coop.taxPapers.single');
}

/** The end of an exemption order: a date, or "until revoked". */
export function useEndLabel() {
  const translate = useTranslate();
  return (endDate: string | null | undefined): string =>
    endDate ? formatDate(endDate) : translate('coop.taxPapers.untilRevoked');
}

function OpenButton({ to, canWrite, testId, label }: { to: string; canWrite: boolean; testId: string; label: string }) {
  const translate = useTranslate();
  const text = translate(canWrite ? 'coop.taxPapers.edit' : 'coop.taxPapers.view');
  return (
    <Tooltip title={text}>
      <IconButton component={RouterLink} to={to} size="small" aria-label={`${text}: ${label}`} data-testid={testId}>
        {canWrite ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

function Empty({ cols }: { cols: number }) {
  const translate = useTranslate();
  return (
    <TableRow>
      <TableCell colSpan={cols}>
        <Typography variant="body2" color="text.secondary">
          {translate('coop.members.cards.noEntries')}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** The exemption orders of one member (dashboard tax card, the form's "other orders"). */
export function ExemptionOrderTable({
  rows,
  canWrite,
  currentId,
  highlightId,
  testId,
}: {
  rows: readonly ExemptionOrderRecord[];
  canWrite: boolean;
  currentId?: string;
  highlightId?: string | null;
  testId: string;
}) {
  const translate = useTranslate();
  const joint = useJointLabel();
  const end = useEndLabel();
  const f = (field: string) => translate(`resources.exemptionorders.fields.${field}`);
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid={testId}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{f('type')}</TableCell>
            <TableCell sx={head}>{f('fsatyp')}</TableCell>
            <TableCell sx={head} align="right">
              {f('amount')}
            </TableCell>
            <TableCell sx={head}>{f('startDate')}</TableCell>
            <TableCell sx={head}>{f('endDate')}</TableCell>
            <TableCell sx={head}>{f('state')}</TableCell>
            <ActionsHeader width={48} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? <Empty cols={7} /> : null}
          {rows.map((o) => (
            <TableRow
              key={o.id}
              hover
              data-testid="exemption-order-row"
              data-id={o.id}
              data-state={o.state}
              selected={o.id === currentId}
              sx={o.id === highlightId ? { outline: 2, outlineColor: 'error.main', outlineOffset: -2 } : undefined}
            >
              <TableCell>
                {translate(`coop.taxPapers.exemptionTypes.${o.type}`, { _: String(o.type) })}
                {o.id === currentId ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    ({translate('coop.taxPapers.current')})
                  </Typography>
                ) : null}
                {o.id === highlightId ? (
                  <Chip
                    size="small"
                    color="error"
                    label={translate('coop.taxPapers.conflictWith')}
                    sx={{ ml: 1, height: 20 }}
                    data-testid="paper-conflict"
                  />
                ) : null}
              </TableCell>
              <TableCell>{joint(o)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(o.amount)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(o.startDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{end(o.endDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StateChip state={o.state} />
                <TaxIdWarningChip order={o} />
              </TableCell>
              <TableCell align="right" sx={{ py: 0.25 }}>
                {o.id === currentId ? null : (
                  <OpenButton
                    to={exemptionOrderPath(o.id)}
                    canWrite={canWrite}
                    testId="exemption-order-open"
                    label={`${formatDate(o.startDate)} ${formatMoney(o.amount)}`}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The non-assessment certificates of one member. */
export function NonAssessmentTable({
  rows,
  canWrite,
  currentId,
  highlightId,
  testId,
}: {
  rows: readonly NonAssessmentRecord[];
  canWrite: boolean;
  currentId?: string;
  highlightId?: string | null;
  testId: string;
}) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.nonassessments.fields.${field}`);
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid={testId}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{f('type')}</TableCell>
            <TableCell sx={head}>{f('orderNumber')}</TableCell>
            <TableCell sx={head}>{f('startDate')}</TableCell>
            <TableCell sx={head}>{f('endDate')}</TableCell>
            <TableCell sx={head}>{f('state')}</TableCell>
            <ActionsHeader width={48} />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? <Empty cols={6} /> : null}
          {rows.map((n) => (
            <TableRow
              key={n.id}
              hover
              data-testid="non-assessment-row"
              data-id={n.id}
              data-state={n.state}
              selected={n.id === currentId}
              sx={n.id === highlightId ? { outline: 2, outlineColor: 'error.main', outlineOffset: -2 } : undefined}
            >
              <TableCell>
                {translate(`coop.taxPapers.nvTypesShort.${n.type}`, { _: String(n.type) })}
                {n.id === currentId ? (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    ({translate('coop.taxPapers.current')})
                  </Typography>
                ) : null}
                {n.id === highlightId ? (
                  <Chip
                    size="small"
                    color="error"
                    label={translate('coop.taxPapers.conflictWith')}
                    sx={{ ml: 1, height: 20 }}
                    data-testid="paper-conflict"
                  />
                ) : null}
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate(n.original ? 'coop.taxPapers.original.present' : 'coop.taxPapers.original.missing')}
                </Typography>
              </TableCell>
              <TableCell>
                {n.orderNumber ?? ''}
                {n.taxAuthorities ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {n.taxAuthorities}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(n.startDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(n.endDate)}</TableCell>
              <TableCell>
                <StateChip state={n.state} />
              </TableCell>
              <TableCell align="right" sx={{ py: 0.25 }}>
                {n.id === currentId ? null : (
                  <OpenButton
                    to={nonAssessmentPath(n.id)}
                    canWrite={canWrite}
                    testId="non-assessment-open"
                    label={n.orderNumber ?? formatDate(n.startDate)}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The add button of a list: a paper belongs to a member, so the clerk chooses the member first (the list's
 * member filter, when set, is taken as it is), then the form `/…/new/member/{member}` opens.
 */
export function AddForMemberButton({
  label,
  member,
  pathFor,
  testId,
}: {
  label: string;
  member: string | null;
  pathFor: (member: string) => string;
  testId: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        variant="contained"
        size="small"
        data-testid={testId}
        onClick={() => (member ? navigate(pathFor(member)) : (setChosen(null), setOpen(true)))}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={`${testId}-title`}
        maxWidth="sm"
        fullWidth
        data-testid={`${testId}-dialog`}
      >
        <DialogTitle id={`${testId}-title`}>{translate('coop.taxPapers.chooseMember')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('coop.taxPapers.chooseMemberHint')}</DialogContentText>
          <MemberPicker
            value={chosen}
            onChange={setChosen}
            label={translate('coop.taxPapers.filterMember')}
            testId={`${testId}-member`}
            withExited
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setOpen(false)} color="inherit" data-testid={`${testId}-cancel`}>
            {translate('coop.edit.cancel')}
          </Button>
          <Button
            onClick={() => chosen && navigate(pathFor(chosen))}
            disabled={!chosen}
            variant="contained"
            data-testid={`${testId}-continue`}
          >
            {translate('coop.taxPapers.continue')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
