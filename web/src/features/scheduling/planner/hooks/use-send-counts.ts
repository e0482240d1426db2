import { notification } from '@stundenplan/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../shared/api/client';
import type { SendCounts } from '../components/SendRecipients';
import type { PlanContent, PlannerMember } from '../model/types';

/**
 * The send dialog's counts (docs/product/documents.md "Sending schedules"): how many students the plan on screen
 * would mail, to all or only to those whose lessons changed since the last sending. Read while the dialog is open;
 * null while it loads or when it cannot be read.
 */
export function useSendCounts(classId: string, open: boolean, plan: PlanContent, members: readonly PlannerMember[]): SendCounts | null {
  const ids = new Set(members.map((m) => m.member_id));
  const lessons = plan.placements
    .filter((p) => ids.has(p.memberId))
    .map((p) => ({ member_id: p.memberId, day: p.day, start: p.start, end: p.end, week: p.week ?? null }));
  const query = useQuery({
    queryKey: ['send-counts', classId, lessons],
    queryFn: async () => (await call(notification.sendPreview, { params: { classId }, body: { lessons } })) ?? null,
    enabled: open && Boolean(classId),
    staleTime: 0,
    gcTime: 0,
  });
  return query.data ?? null;
}
