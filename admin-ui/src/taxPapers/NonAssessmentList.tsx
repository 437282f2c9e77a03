import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Card,
  CardHeader,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { EmptyListRow } from '../common/EmptyListRow';
import { ListPagination, ListSearch } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { useServerList } from '../data/useServerList';
import { formatDate } from '../format';
import { can, useSession } from '../session/session';
import { PaperFilters } from './ListFilters';
import type { NonAssessmentRecord } from './model';
import { AddForMemberButton, StateChip, newNonAssessmentPath, nonAssessmentPath } from './parts';
import { ActionsHeader } from '../common/ActionsHeader';
import { WIDE_ONLY } from '../common/denseTable';

const LIST = '/non-assessments';

/** `/non-assessments` (menu 6): every non-assessment certificate, by member; filters member and state, search by name, number or certificate number. */
export default function NonAssessmentList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canWrite = can(useSession(), 'taxpapers:write');
  const list = useServerList<NonAssessmentRecord>('nonassessments', {
    defaultSort: { field: 'memberName', order: 'ASC' },
    // Member and state are kept in the address with search, sort and page (useServerList).
    filter: (param) => ({
      ...(param('member') ? { member: param('member') } : {}),
      ...(param('state') ? { state: param('state') } : {}),
    }),
    thenBy: ['memberName', 'memberNr', 'startDate'],
  });
  const member = list.param('member') || null;
  const state = list.param('state');
  const f = (field: string) => translate(`resources.nonassessments.fields.${field}`);
  return (
    <Card component="section" aria-labelledby="non-assessments-title" data-testid="non-assessments-list">
      <CardHeader
        id="non-assessments-title"
        title={translate('coop.taxPapers.nonAssessments')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        action={
          canWrite ? (
            <AddForMemberButton
              label={translate('coop.taxPapers.addNonAssessment')}
              member={member}
              pathFor={newNonAssessmentPath}
              testId="non-assessments-add"
            />
          ) : null
        }
        sx={{ pb: 0 }}
      />
      <PaperFilters
        name="non-assessments"
        member={member}
        setMember={(id) => list.setParam('member', id)}
        state={state}
        setState={(s) => list.setParam('state', s)}
      />
      <ListSearch list={list} name="non-assessments" />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="non-assessments-title">
          <TableHead>
            <TableRow>
              <SortHeader list={list} field="memberName" label={f('member')} />
              <SortHeader list={list} field="type" label={f('type')} />
              <SortHeader
                list={list}
                field="orderNumber"
                label={translate('coop.taxPapers.numberColumn')}
                title={f('orderNumber')}
              />
              <SortHeader list={list} field="taxAuthorities" label={f('taxAuthorities')} />
              {/* Below 1200 px the list keeps to the card's width (issue 43, 1024 px): the issue date gives way, the validity is one column. */}
              <SortHeader list={list} field="date" label={f('date')} sx={WIDE_ONLY} />
              <SortHeader
                list={list}
                field="startDate"
                label={translate('coop.taxPapers.validColumn')}
                title={`${f('startDate')} – ${f('endDate')}`}
              />
              <SortHeader list={list} field="original" label={translate('coop.taxPapers.originalColumn')} />
              <SortHeader list={list} field="state" label={f('state')} />
              <ActionsHeader width={48} />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((n) => {
              const open = () => navigate(nonAssessmentPath(n.id), { state: { from: LIST } });
              return (
                <TableRow
                  key={n.id}
                  hover
                  data-testid="non-assessments-row"
                  data-id={n.id}
                  data-state={n.state}
                  data-member={n.member}
                  onClick={open}
                  sx={{ cursor: 'pointer', ...(n.state === 'inactive' ? { '& td': { color: 'text.secondary' } } : {}) }}
                >
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Link
                      component={RouterLink}
                      to={`/member/${encodeURIComponent(n.member)}`}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      {n.memberName ?? ''}
                    </Link>
                    {n.memberNr !== null && n.memberNr !== undefined ? (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                      >{`${translate('resources.nonassessments.fields.memberNr')} ${n.memberNr}`}</Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{translate(`coop.taxPapers.nvTypesShort.${n.type}`, { _: String(n.type) })}</TableCell>
                  <TableCell>{n.orderNumber ?? ''}</TableCell>
                  <TableCell>{n.taxAuthorities ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>{formatDate(n.date)}</TableCell>
                  <TableCell data-testid="non-assessments-valid">
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${formatDate(n.startDate)} –`}</Box>{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(n.endDate)}
                    </Box>
                  </TableCell>
                  <TableCell data-testid="non-assessments-original">
                    {translate(n.original ? 'coop.taxPapers.original.present' : 'coop.taxPapers.original.missing')}
                  </TableCell>
                  <TableCell>
                    <StateChip state={n.state} />
                  </TableCell>
                  <TableCell align="right" sx={{ py: 0.5 }} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title={translate(canWrite ? 'coop.taxPapers.edit' : 'coop.taxPapers.view')}>
                      <IconButton
                        component={RouterLink}
                        to={nonAssessmentPath(n.id)}
                        state={{ from: LIST }}
                        size="small"
                        aria-label={`${translate(canWrite ? 'coop.taxPapers.edit' : 'coop.taxPapers.view')}: ${n.memberName ?? ''}`}
                        data-testid="non-assessments-open"
                      >
                        <ChevronRightIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
            <EmptyListRow list={list} columns={9} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={list} name="non-assessments" />
    </Card>
  );
}
