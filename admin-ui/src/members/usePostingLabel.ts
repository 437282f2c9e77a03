import { useGetMany, useTranslate } from 'react-admin';
import { memberLabel, type BalanceRecord, type MemberRecord } from './model';

/** The type of a posting with its partner: "Transfer to member 1002 Miller, Ann". */
export function usePostingLabel(rows: readonly BalanceRecord[]) {
  const translate = useTranslate();
  const partnerIds = [...new Set(rows.flatMap((b) => [b.transferTo, b.transferFrom]).filter((x): x is string => !!x))];
  const { data: partners } = useGetMany<MemberRecord>(
    'members',
    { ids: partnerIds },
    { enabled: partnerIds.length > 0 },
  );
  const annulled = [...new Set(rows.map((b) => b.annulPeer).filter((x): x is string => !!x))];
  const { data: originals } = useGetMany<BalanceRecord>(
    'balances',
    { ids: annulled },
    { enabled: annulled.length > 0 },
  );
  return (b: BalanceRecord): string => {
    const original = b.annulPeer ? originals?.find((o) => o.id === b.annulPeer) : undefined;
    if (original)
      return translate('coop.balances.annulmentOf', {
        type: translate(`coop.balances.types.${original.type}`, { _: String(original.type) }),
      });
    const type = translate(`coop.balances.types.${b.type}`, { _: String(b.type) });
    const partnerId = b.transferTo ?? b.transferFrom;
    if (!partnerId) return type;
    const partner = partners?.find((p) => p.id === partnerId);
    const who = partner
      ? memberLabel(partner)
      : b.transferMemberNr !== null && b.transferMemberNr !== undefined
        ? String(b.transferMemberNr)
        : '';
    return who ? `${type}: ${who}` : type;
  };
}
