import type { ElmaNumberDto } from '@coop/contracts/console';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Card,
  CardHeader,
  Grid,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ListPagination } from '../common/ListHeader';
import { SortHeader } from '../common/SortHeader';
import { CooperativeCard } from '../cooperative/CooperativeCard';
import { useServerList } from '../data/useServerList';
import { formatDateTime } from '../format';
import { can, useSession } from '../session/session';
import { ActionsHeader } from '../common/ActionsHeader';
import { ImportCard } from '../member-import/ImportCard';
import { BankStatementsCard } from '../bank-statements/BankStatementsCard';
import { DataProtectionCard } from './DataProtectionCard';

/** An approval number as the API answers it (contracts `ElmaNumberDto`). */
export type ElmaNumberRecord = ElmaNumberDto;

/** The approval numbers card: process and number, sortable, with edit and add buttons. */
function ElmaNumbersCard() {
  const translate = useTranslate();
  const session = useSession();
  const canWrite = can(session, 'elmanumbers:write');
  const list = useServerList<ElmaNumberRecord>('elmanumbers', {
    defaultSort: { field: 'elmaProcess', order: 'ASC' },
    perPage: 10,
  });
  return (
    <Card component="section" aria-labelledby="elma-card-title" data-testid="elma-numbers-card" sx={{ height: '100%' }}>
      <CardHeader
        id="elma-card-title"
        title={translate('coop.administration.elmaNumbers')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          canWrite ? (
            <Button
              component={RouterLink}
              to="/elma-number/new"
              startIcon={<AddIcon />}
              size="small"
              variant="contained"
              data-testid="elma-add"
            >
              {translate('coop.list.add')}
            </Button>
          ) : null
        }
      />
      <Table size="small" aria-labelledby="elma-card-title">
        <TableHead>
          <TableRow>
            <SortHeader list={list} field="elmaProcess" label={translate('resources.elmanumbers.fields.elmaProcess')} />
            <SortHeader list={list} field="elmaNumber" label={translate('resources.elmanumbers.fields.elmaNumber')} />
            <SortHeader list={list} field="createdAt" label={translate('resources.elmanumbers.fields.createdAt')} />
            {canWrite ? <ActionsHeader width={56} /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.map((row) => (
            <TableRow key={row.id} hover data-testid="elma-row" data-number={row.elmaNumber}>
              <TableCell>{translate(`coop.elma.${row.elmaProcess}`, { _: row.elmaProcess })}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 14 }}>{row.elmaNumber}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              {canWrite ? (
                <TableCell align="right" sx={{ pr: 1 }}>
                  <Tooltip title={translate('coop.list.edit')}>
                    <IconButton
                      component={RouterLink}
                      to={`/elma-number/${encodeURIComponent(row.id)}`}
                      size="small"
                      aria-label={`${translate('coop.list.edit')}: ${row.elmaNumber}`}
                      data-testid={`elma-edit-${row.elmaNumber}`}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
          {!list.isPending && list.data.length === 0 ? (
            <TableRow>
              <TableCell colSpan={canWrite ? 4 : 3}>
                <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                  {translate('coop.administration.noElmaNumbers')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {list.total > 10 ? <ListPagination list={list} name="elma" /> : null}
    </Card>
  );
}

/** `/administration` (cog icon, menu order 8): cooperative card, approval numbers card and, for administrators, the import and data-protection cards. */
export default function AdministrationPage() {
  const translate = useTranslate();
  const session = useSession();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('coop.title.administration')}
      </Typography>
      <Grid container spacing={3} alignItems="stretch">
        <Grid size={{ xs: 12, lg: 6 }}>
          <CooperativeCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ElmaNumbersCard />
        </Grid>
        {can(session, 'import:write') ? (
          <Grid size={{ xs: 12 }}>
            <ImportCard />
          </Grid>
        ) : null}
        {can(session, 'bankstatements:read') ? (
          <Grid size={{ xs: 12 }}>
            <BankStatementsCard />
          </Grid>
        ) : null}
        {can(session, 'dataprotection:clean') ? (
          <Grid size={{ xs: 12 }}>
            <DataProtectionCard />
          </Grid>
        ) : null}
      </Grid>
    </>
  );
}
