import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hasSemester, semesterQuery } from '../../../../shared/data/semester';
import { semesterCost, type StudentCost } from '../model/semester-cost';
import type { PlanContent, PlannerMember } from '../model/types';

export interface SemesterCostView {
  firstDay: string;
  lastDay: string;
  costs: StudentCost[];
}

/**
 * The send dialog's preview of the semester (docs/product/planning.md "PDF and sending"): read only while the
 * dialog is open; null without a semester (or while it loads, or when it cannot be read).
 */
export function useSemesterCost(classId: string, open: boolean, plan: PlanContent, members: readonly PlannerMember[]): SemesterCostView | null {
  const query = useQuery({ ...semesterQuery(classId), enabled: open && Boolean(classId) });
  const semester = query.data;
  return useMemo(() => {
    if (!hasSemester(semester)) return null;
    const names = new Map(members.map((m) => [m.member_id, m.name]));
    const lessons = plan.placements
      .filter((p) => names.has(p.memberId))
      .map((p) => ({ memberId: p.memberId, name: names.get(p.memberId)!, day: p.day, start: p.start, end: p.end, week: p.week ?? null }));
    return { firstDay: semester.first_day, lastDay: semester.last_day, costs: semesterCost(lessons, semester) };
  }, [semester, plan.placements, members]);
}
