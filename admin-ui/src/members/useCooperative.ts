import { useGetOne } from 'react-admin';
import type { CooperativeRecord } from '../cooperative/CooperativeCard';
import { useSession } from '../session/session';

/** The signed-in clerk's cooperative (share price `balanceCost` in cents, `minimumShares`). */
export function useCooperative() {
  const session = useSession();
  return useGetOne<CooperativeRecord>('cooperatives', { id: session?.cooperative ?? '' }, { enabled: !!session });
}
