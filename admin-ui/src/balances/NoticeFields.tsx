import { Alert, Grid } from '@mui/material';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DEFAULT_NOTICE_PERIOD_MONTHS, TEXT_MAX, deathReason, membershipEndDate } from '@coop/contracts/console';
import { DateTextInput } from '../common/DateTextInput';
import { formatDate } from '../format';
import type { MemberRecord } from '../members/model';
import { useCooperative } from '../members/useCooperative';

/**
 * The posting types that take effect at the end of a financial year (issue 22, GenG § 65, § 67b, § 68, § 77, § 77a):
 * partial termination (2), death or dissolution (6), exclusion (7), notice (8). Their form asks for the notice date (and
 * the dispatch date, the extraordinary reason) and shows the effective date the ledger will compute, by the same rule.
 */
export const NOTICE_TYPES = [2, 6, 7, 8] as const;
export const isNoticeType = (type: number): boolean => (NOTICE_TYPES as readonly number[]).includes(type);

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const required = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? undefined : 'coop.validation.mustNotBeEmpty';

/** The message key of a type's notice date label: a legal entity's death (6) is its dissolution. */
export function noticeDateLabel(type: number, member: Pick<MemberRecord, 'legalForm'>): string {
  return `coop.balances.noticeDates.${type === 6 && member.legalForm === 1 ? '6d' : type}`;
}

/** The effective date of a notice typed so far, or null while the date is incomplete. */
export function effectiveDateOf(
  type: number,
  member: Pick<MemberRecord, 'legalForm'>,
  noticeDate: unknown,
  months: number,
  extraordinary: boolean,
): string | null {
  if (typeof noticeDate !== 'string' || !ISO.test(noticeDate)) return null;
  const reason =
    type === 2 ? 'partial' : type === 6 ? deathReason(member.legalForm) : type === 7 ? 'exclusion' : 'exit';
  return membershipEndDate({
    reason,
    date: noticeDate,
    noticePeriodMonths: months,
    extraordinary: type === 8 && extraordinary,
  });
}

/** What the effective date means, by type: the key of `coop.balances.effective`. */
function explanationKey(type: number, member: Pick<MemberRecord, 'legalForm'>, extraordinary: boolean): string {
  if (type === 6) return member.legalForm === 1 ? 'dissolution' : 'death';
  if (type === 7) return 'exclusion';
  return type === 8 && extraordinary ? 'extraordinary' : 'notice';
}

export function NoticeFields({ type, member, readOnly }: { type: number; member: MemberRecord; readOnly: boolean }) {
  const translate = useTranslate();
  const { data: coop } = useCooperative();
  const months = typeof coop?.noticePeriodMonths === 'number' ? coop.noticePeriodMonths : DEFAULT_NOTICE_PERIOD_MONTHS;
  const noticeDate = useWatch({ name: 'noticeDate' }) as unknown;
  const extraordinary = (useWatch({ name: 'extraordinary' }) as unknown) === true;
  const effective = effectiveDateOf(type, member, noticeDate, months, extraordinary);
  return (
    <>
      <Grid size={{ xs: 12, sm: 4 }}>
        <DateTextInput
          source="noticeDate"
          label={translate(noticeDateLabel(type, member))}
          fullWidth
          readOnly={readOnly}
          validate={required}
        />
      </Grid>
      {type === 7 ? (
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateTextInput source="dispatchDate" fullWidth readOnly={readOnly} />
        </Grid>
      ) : null}
      {type === 8 ? (
        <Grid size={{ xs: 12 }}>
          <BooleanInput
            source="extraordinary"
            label={translate('coop.balances.extraordinary')}
            readOnly={readOnly}
            helperText={false}
          />
          {extraordinary ? (
            <TextInput
              source="extraordinaryReason"
              fullWidth
              multiline
              minRows={2}
              readOnly={readOnly}
              validate={required}
              slotProps={{ htmlInput: { 'data-testid': 'balance-extraordinaryReason', maxLength: TEXT_MAX.reason } }}
            />
          ) : null}
        </Grid>
      ) : null}
      {effective ? (
        <Grid size={{ xs: 12 }}>
          <Alert severity="info" sx={{ my: 1 }} data-testid="balance-effective-date" data-date={effective}>
            {translate(`coop.balances.effective.${explanationKey(type, member, extraordinary)}`, {
              date: formatDate(effective),
              months,
            })}
          </Alert>
        </Grid>
      ) : null}
    </>
  );
}
