import type { CleanMemberResult, DataProtectionListItem } from '@coop/contracts/console';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import type { CooperativeRecord } from '../cooperative/CooperativeCard';
import { useSession } from '../session/session';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatDate } from '../format';
import { api } from '../session/api';

/**
 * The data-protection card of the administration page (SPEC.md 2, 4; issue 27): a search for the members due for the
 * clean-up (`GET /dsgvo/clean-member`), the result with its count and list (member number, name, given name, exit
 * date), and a delete button that asks first, naming how many members will be erased (`POST /dsgvo/clean-member`).
 * After the deletion the result is reset.
 */
export function DataProtectionCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const cooperative = useGetOne<CooperativeRecord>(
    'cooperatives',
    { id: session?.cooperative ?? '' },
    { enabled: !!session },
  );
  const years = cooperative.data?.retentionYears ?? 10;
  const [result, setResult] = useState<DataProtectionListItem[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const search = useMutation({
    mutationFn: async () => (await api<DataProtectionListItem[]>('/dsgvo/clean-member')).body ?? [],
    onSuccess: (items) => setResult(items),
  });
  const erase = useMutation({
    mutationFn: async () => (await api<CleanMemberResult>('/dsgvo/clean-member', { method: 'POST' })).body,
    onSuccess: (run) => {
      setConfirming(false);
      setResult(null);
      notify('coop.dataProtection.erased', { type: 'success', messageArgs: { smart_count: run?.count ?? 0 } });
    },
    onError: () => setConfirming(false),
  });
  const failure = search.error ?? erase.error;
  const count = result?.length ?? 0;
  return (
    <Card
      component="section"
      aria-labelledby="data-protection-title"
      data-testid="data-protection-card"
      sx={{ height: '100%' }}
    >
      <CardHeader
        id="data-protection-title"
        title={translate('coop.dataProtection.title')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            startIcon={<SearchIcon />}
            size="small"
            variant="contained"
            onClick={() => search.mutate()}
            disabled={search.isPending || erase.isPending}
            data-testid="data-protection-search"
          >
            {translate('coop.dataProtection.search')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('coop.dataProtection.hint', { smart_count: years, years })}
        </Typography>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure instanceof Error ? failure.message : String(failure)}
          </Alert>
        ) : null}
        {result !== null ? (
          <Box component="section" aria-labelledby="data-protection-result" data-testid="data-protection-result">
            <Typography
              id="data-protection-result"
              variant="subtitle1"
              component="h3"
              data-testid="data-protection-count"
              sx={{ mb: 1 }}
            >
              {translate('coop.dataProtection.found', { smart_count: count })}
            </Typography>
            {count > 0 ? (
              <>
                <Table size="small" aria-labelledby="data-protection-result">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.members.fields.memberNr')}</TableCell>
                      <TableCell>{translate('resources.members.fields.name')}</TableCell>
                      <TableCell>{translate('resources.members.fields.givenName')}</TableCell>
                      <TableCell>{translate('resources.members.fields.exitDate')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.map((m) => (
                      <TableRow key={m.id} data-testid="data-protection-row" data-member-nr={m.memberNr ?? ''}>
                        <TableCell>{m.memberNr ?? ''}</TableCell>
                        <TableCell>{m.name ?? ''}</TableCell>
                        <TableCell>{m.givenName ?? ''}</TableCell>
                        <TableCell>{formatDate(m.exitDate)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                  <Button
                    color="error"
                    variant="contained"
                    startIcon={<DeleteForeverIcon />}
                    onClick={() => setConfirming(true)}
                    data-testid="data-protection-delete"
                  >
                    {translate('coop.dataProtection.delete')}
                  </Button>
                </Box>
              </>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={translate('coop.dataProtection.confirmTitle')}
        content={translate('coop.dataProtection.confirmText', { smart_count: count })}
        confirmLabel={translate('coop.dataProtection.confirmDelete', { smart_count: count })}
        onConfirm={() => erase.mutate()}
        onClose={() => setConfirming(false)}
        busy={erase.isPending}
        testId="data-protection-confirm"
      />
    </Card>
  );
}
