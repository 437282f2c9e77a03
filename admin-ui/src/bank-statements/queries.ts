import type { BankStatementDetailDto, BankStatementDto, StatementConfirmation } from '@coop/contracts/console';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../session/api';
import { statementPath } from './model';

/** `GET /bank-statements`: the statements read, newest first (204 when none). */
export function useBankStatements() {
  return useQuery({
    queryKey: ['bank-statements'],
    queryFn: async () => {
      const res = await api<BankStatementDto[] | null>('/bank-statements?limit=100');
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    retry: false,
  });
}

/** `GET /bank-statements/{id}?offset&limit&filter`: the statement and one page of its entries (of one state or all). */
export function useBankStatement(id: string, page: number, perPage: number, state: string) {
  return useQuery({
    queryKey: ['bank-statements', id, page, perPage, state],
    queryFn: async () => (await api<BankStatementDetailDto>(statementPath(id, page, perPage, state))).body,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `POST /bank-statements` (multipart `file`): the statement read, with its entries matched. */
export function useReadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return (await api<BankStatementDetailDto>('/bank-statements', { method: 'POST', body })).body;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['bank-statements'] }),
  });
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * `POST /bank-statements/{id}/confirm` or `/ignore`: the entries named by id, on whatever page they were selected. The
 * answer holds the first page only: every page of the statement, and the list, are asked again.
 */
export function useDecideEntries(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { confirm: readonly StatementConfirmation[] } | { ignore: readonly string[] }) => {
      const path = `/bank-statements/${encodeURIComponent(id)}`;
      const res =
        'confirm' in decision
          ? await api<BankStatementDetailDto>(`${path}/confirm`, post({ entries: decision.confirm }))
          : await api<BankStatementDetailDto>(`${path}/ignore`, post({ entryIds: decision.ignore }));
      return res.body;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['bank-statements'] }),
  });
}
