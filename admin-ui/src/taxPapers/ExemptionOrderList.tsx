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
import { formatDate, formatMoney } from '../format';
import { can, useSession } from '../session/session';
import { PaperFilters } from './ListFilters';
import type { ExemptionOrderRecord } from './model';
import {
  AddForMemberButton,
  StateChip,
  TaxIdWarningChip,
  exemptionOrderPath,
  newExemptionOrderPath,
  useEndLabel,
  useJointLabel,
} from './parts';
import { ActionsHeader } from '../common/ActionsHeader';

const LIST = '/exemption-orders';

/** `/exemption-orders` (menu 5): every exemption order, by member (SPEC 9); filters member and state, search by name or number. */
export default function ExemptionOrderList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canWrite = can(useSession(), 'taxpapers:write');
  const list = useServerList<ExemptionOrderRecord>('exemptionorders', {
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
  const joint = useJointLabel();
  const end = useEndLabel();
  const f = (field: string) => translate(`resources.exemptionorders.fields.${field}`);
  return (
    <Card component="section" aria-labelledby="exemption-orders-title" data-testid="exemption-orders-list">
      <CardHeader
        id="exemption-orders-title"
        title={translate('coop.taxPapers.exemptionOrders')}
        slotProps={{ title: { variant: 'h6', component: 'h1' } }}
        action={
          canWrite ? (
            <AddForMemberButton
              label={translate('coop.taxPapers.addExemptionOrder')}
              member={member}
              pathFor={newExemptionOrderPath}
              testId="exemption-orders-add"
            />
          ) : null
        }
        sx={{ pb: 0 }}
      />
      <PaperFilters
        name="exemption-orders"
        member={member}
        setMember={(id) => list.setParam('member', id)}
        state={state}
        setState={(s) => list.setParam('state', s)}
      />
      <ListSearch list={list} name="exemption-orders" />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="exemption-orders-title">
          <TableHead>
            <TableRow>
              <SortHeader list={list} field="memberName" label={f('member')} />
              <SortHeader list={list} field="type" label={f('type')} />
              <SortHeader list={list} field="joint" label={f('fsatyp')} />
              <SortHeader list={list} field="amount" label={f('amount')} />
              <SortHeader list={list} field="startDate" label={f('startDate')} />
              <SortHeader list={list} field="endDate" label={f('endDate')} />
              <SortHeader list={list} field="state" label={f('state')} />
              <ActionsHeader width={48} />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((o) => {
              const open = () => navigate(exemptionOrderPath(o.id), { state: { from: LIST } });
              return (
                <TableRow
                  key={o.id}
                  hover
                  data-testid="exemption-orders-row"
                  data-id={o.id}
                  data-state={o.state}
                  data-member={o.member}
                  onClick={open}
                  sx={{ cursor: 'pointer', ...(o.state === 'inactive' ? { '& td': { color: 'text.secondary' } } : {}) }}
                >
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Link
                      component={RouterLink}
                      to={`/member/${encodeURIComponent(o.member)}`}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      {o.memberName ?? ''}
                    </Link>
                    {o.memberNr !== null && o.memberNr !== undefined ? (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                      >{`${translate('resources.exemptionorders.fields.memberNr')} ${o.memberNr}`}</Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{translate(`coop.taxPapers.exemptionTypes.${o.type}`, { _: String(o.type) })}</TableCell>
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
                  <TableCell align="right" sx={{ py: 0.5 }} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title={translate(canWrite ? 'coop.taxPapers.edit' : 'coop.taxPapers.view')}>
                      <IconButton
                        component={RouterLink}
                        to={exemptionOrderPath(o.id)}
                        state={{ from: LIST }}
                        size="small"
                        aria-label={`${translate(canWrite ? 'coop.taxPapers.edit' : 'coop.taxPapers.view')}: ${o.memberName ?? ''}`}
                        data-testid="exemption-orders-open"
                      >
                        <ChevronRightIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
            <EmptyListRow list={list} columns={8} />
          </TableBody>
        </Table>
      </Box>
      <ListPagination list={list} name="exemption-orders" />
    </Card>
  );
}
