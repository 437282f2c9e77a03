import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentReminderDto, PaymentReminderDueDto, PaymentReminderRunDto } from '@coop/contracts/console';
import { api } from '../session/api';

/** The routes of the reminders (issue 45). */
export const reminderPaths = {
  due: (date: string) => `/payment-reminders/due?date=${encodeURIComponent(date)}`,
  send: '/payment-reminders',
  ofMember: (memberId: string) => `/payment-reminders?member=${encodeURIComponent(memberId)}`,
  letters: (run: { runId: string; date: string }) => ({
    path: `/payment-reminders/${encodeURIComponent(run.runId)}/letters.pdf`,
    name: `Mahnungen-${run.date}.pdf`,
  }),
};

/** `GET /payment-reminders/due?date=`: the members due on the day (204 when none); only a valid date is asked. */
export function useDueReminders(date: string | null) {
  return useQuery({
    queryKey: ['payment-reminders', 'due', date],
    enabled: date !== null,
    queryFn: async () => {
      const res = await api<PaymentReminderDueDto[] | null>(reminderPaths.due(date ?? ''));
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    retry: false,
  });
}

/** `POST /payment-reminders {date, memberIds}`: records the reminders; the lists are read again. */
export function useSendReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { date: string; memberIds: readonly string[] }) =>
      (await api<PaymentReminderRunDto>(reminderPaths.send, { method: 'POST', body: JSON.stringify(input) })).body,
    onSuccess: () => client.invalidateQueries({ queryKey: ['payment-reminders'] }),
  });
}

/** `GET /payment-reminders?member=`: the reminders recorded on a member, newest first. */
export function useMemberReminders(memberId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payment-reminders', 'member', memberId],
    enabled,
    queryFn: async () => {
      const res = await api<PaymentReminderDto[] | null>(reminderPaths.ofMember(memberId));
      return res.status === 204 || !Array.isArray(res.body) ? [] : res.body;
    },
    retry: false,
  });
}
