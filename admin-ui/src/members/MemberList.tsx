import AddIcon from '@mui/icons-material/Add';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import {
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  FormControlLabel,
  Link,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { denseColumns } from '../common/denseTable';
import { EmptyListRow } from '../common/EmptyListRow';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { MEMBERS_LIST } from '../data/firstLists';
import { useServerList } from '../data/useServerList';
import { formatDate, formatIban } from '../format';
import { can, useSession } from '../session/session';
import { hasExited, matchedCity, memberName, type MemberRecord } from './model';
import { PendingExit } from './PendingExit';
import { ImportRunningNotice } from '../member-import/ImportRunningNotice';

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/** An e-mail address that wraps at the @ rather than in the middle of a word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  return at <= 0 ? (
    email
  ) : (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** The second value of a column holding two ("all columns"), under the first as the bank's name under the IBAN. */
function Second({ children }: { children: string }) {
  return (
    <Typography variant="caption" component="div" color="text.secondary">
      {children}
    </Typography>
  );
}

/** `/members` (menu 1): the member list of SPEC 2; exited members only with the toggle (filter `exitDate:null` otherwise). */
export default function MemberList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canWrite = can(useSession(), 'members:write');
  // The exited-members switch is kept in the address (`exited=1`), with search, sort and page (useServerList).
  const list = useServerList<MemberRecord>('members', {
    defaultSort: MEMBERS_LIST.defaultSort,
    filter: (param) => (param('exited') === '1' ? {} : (MEMBERS_LIST.filter ?? {})),
    thenBy: MEMBERS_LIST.thenBy ?? [],
  });
  const showExited = list.param('exited') === '1';
  // Issue 43: at 1024 px the list fits without sideways scrolling: civil status, legal form and position only with "all
  // columns", the address only when switched on; both kept in the address like the exited switch. "All columns" adds
  // no column: the legal form heads a column with the civil status under it, the member type one with the position
  // under it (ten columns scrolled by 220 px at 1024 px in German; decision 295).
  const allColumns = list.param('columns') === 'all';
  const showAddress = list.param('address') === '1';
  const columns = 7 + (allColumns ? 1 : 0) + (showAddress ? 1 : 0);
  const choice = (group: string, value: number | null | undefined) =>
    value === null || value === undefined ? '' : translate(`coop.members.${group}.${value}`);
  const label = (field: string) => translate(`resources.members.fields.${field}`);
  return (
    <>
      <ImportRunningNotice />
      <Card component="section" aria-labelledby="members-title" data-testid="members-list">
        <CardHeader
          id="members-title"
          title={translate('coop.members.list')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
          action={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={showExited}
                    onChange={(e) => list.setParam('exited', e.target.checked ? '1' : null)}
                    slotProps={{ input: { 'data-testid': 'members-show-exited' } as object }}
                  />
                }
                label={translate('coop.members.showExited')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={showAddress}
                    onChange={(e) => list.setParam('address', e.target.checked ? '1' : null)}
                    slotProps={{ input: { 'data-testid': 'members-show-address' } as object }}
                  />
                }
                label={translate('coop.members.showAddress')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={allColumns}
                    onChange={(e) => list.setParam('columns', e.target.checked ? 'all' : null)}
                    slotProps={{ input: { 'data-testid': 'members-all-columns' } as object }}
                  />
                }
                label={translate('coop.members.allColumns')}
              />
              {canWrite ? (
                <Button
                  component={RouterLink}
                  to="/members/new"
                  startIcon={<AddIcon />}
                  variant="contained"
                  size="small"
                  data-testid="members-add"
                >
                  {translate('coop.members.add')}
                </Button>
              ) : null}
            </Box>
          }
          sx={{ pb: 0, flexWrap: 'wrap' }}
        />
        <ListSearch list={list} name="members" />
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="members-title" sx={denseColumns}>
            <TableHead>
              <TableRow>
                <SortHeader
                  list={list}
                  field="memberNr"
                  label={translate('coop.members.nrShort')}
                  title={label('memberNr')}
                />
                <SortHeader list={list} field="name" label={label('name')} />
                {allColumns ? (
                  <SortHeader
                    list={list}
                    field="legalForm"
                    label={label('legalForm')}
                    second={{ field: 'civilStatus', label: label('civilStatus') }}
                  />
                ) : null}
                {showAddress ? <TableCell sx={head}>{translate('coop.members.address')}</TableCell> : null}
                <TableCell sx={head}>{label('contact')}</TableCell>
                <TableCell sx={head}>{label('bankAccount')}</TableCell>
                <SortHeader list={list} field="entryDate" label={label('entryExit')} />
                <SortHeader
                  list={list}
                  field="memberType"
                  label={label('memberType')}
                  {...(allColumns ? { second: { field: 'position', label: label('position') } } : {})}
                />
                <TableCell sx={head}>{translate('coop.members.spouseLink')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((m) => {
                const exited = hasExited(m);
                const open = () => navigate(`/member/${encodeURIComponent(m.id)}`);
                return (
                  <TableRow
                    key={m.id}
                    hover
                    data-testid="members-row"
                    data-member-nr={m.memberNr ?? ''}
                    data-name={m.name ?? ''}
                    onClick={open}
                    sx={{
                      cursor: 'pointer',
                      '& td': { verticalAlign: 'top' },
                      ...(exited ? { '& td': { color: 'text.secondary', verticalAlign: 'top' } } : {}),
                    }}
                  >
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{m.memberNr ?? ''}</TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/member/${encodeURIComponent(m.id)}`}
                        onClick={(e) => e.stopPropagation()}
                        underline="hover"
                        color="inherit"
                        variant="body2"
                        title={translate('coop.members.toDashboard')}
                        data-testid={`member-open-${m.memberNr ?? m.id}`}
                        sx={{ fontWeight: 600, display: 'block' }}
                      >
                        {memberName(m)}
                      </Link>
                      {exited ? (
                        <Chip size="small" label={translate('coop.members.exited')} sx={{ mt: 0.25, height: 20 }} />
                      ) : null}
                      <PendingExit m={m} />
                      {m.underage ? (
                        <Chip
                          size="small"
                          color="info"
                          variant="outlined"
                          label={translate('coop.members.underage')}
                          sx={{ mt: 0.25, ml: exited ? 0.5 : 0, height: 20 }}
                        />
                      ) : null}
                      {!showAddress && matchedCity(m.city, list.searchInput) ? (
                        <Typography
                          variant="caption"
                          component="div"
                          color="text.secondary"
                          data-testid="members-matched-city"
                        >
                          {[m.zipCode, m.city].filter(Boolean).join(' ')}
                        </Typography>
                      ) : null}
                    </TableCell>
                    {allColumns ? (
                      <TableCell>
                        <div>{choice('legalForms', m.legalForm)}</div>
                        {m.legalForm === 1 ? null : <Second>{choice('civilStatuses', m.civilStatus)}</Second>}
                      </TableCell>
                    ) : null}
                    {showAddress ? (
                      <TableCell data-testid="members-address">
                        <div>{[m.street, m.streetHomeNumber].filter(Boolean).join(' ')}</div>
                        <div>{[m.zipCode, m.city].filter(Boolean).join(' ')}</div>
                      </TableCell>
                    ) : null}
                    {/* The e-mail breaks at its @, else anywhere: 150 px hold "genossenschaft.de" whole. */}
                    <TableCell sx={{ minWidth: 150, overflowWrap: 'anywhere' }}>
                      {m.privateEmail ? <div>{breakableEmail(m.privateEmail)}</div> : null}
                      {m.privateTelephone ? <Box sx={{ whiteSpace: 'nowrap' }}>{m.privateTelephone}</Box> : null}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ fontFamily: 'monospace', fontSize: 13, maxWidth: 140 }}>{formatIban(m.iban)}</Box>
                      {m.bankname ? (
                        <Typography variant="caption" color="text.secondary">
                          {m.bankname}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <div>{formatDate(m.entryDate)}</div>
                      {/* The exit as the second line of the column, as the others show theirs: in the body's size
                          "– 31.12.2026" widened the list past 1024 px with all columns (German). */}
                      {m.exitDate ? <Second>{`– ${formatDate(m.exitDate)}`}</Second> : null}
                    </TableCell>
                    <TableCell>
                      <div>{choice('memberTypes', m.memberType)}</div>
                      {allColumns ? <Second>{choice('positions', m.position)}</Second> : null}
                    </TableCell>
                    <TableCell onClick={(e) => e.stopPropagation()}>
                      {m.spouse ? (
                        <Link
                          component={RouterLink}
                          to={`/member/${encodeURIComponent(m.spouse)}`}
                          data-testid="members-spouse-link"
                          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                        >
                          <FavoriteBorderIcon sx={{ fontSize: 16 }} />
                          {[m.spouseName, m.spouseGivenName].filter(Boolean).join(', ') ||
                            translate('coop.members.spouseLink')}
                        </Link>
                      ) : (
                        [m.spouseName, m.spouseGivenName].filter(Boolean).join(', ')
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
              <EmptyListRow list={list} columns={columns} />
            </TableBody>
          </Table>
        </Box>
        <ListPagination list={list} name="members" />
      </Card>
    </>
  );
}
