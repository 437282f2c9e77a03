import { useQuery } from '@tanstack/react-query';
import type { MovementReportDto } from '@coop/contracts/console';
import { api } from '../session/api';
import { movementPaths } from './model';

/** `GET /reports/movements/{year}`: the year's figures (a refused year throws with its translated message). */
export function useMovementReport(year: number) {
  return useQuery({
    queryKey: ['movementReport', year],
    queryFn: async () => (await api<MovementReportDto>(movementPaths.json(year))).body,
    retry: false,
  });
}
