import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import { useMemo } from 'react';
import type { LessonView } from '../components/LessonBlock';
import { candidateCounts, maxCandidates } from '../model/candidates';
import { shortNames } from '../model/names';
import { lessonSlots, occupiedWeek } from '../model/placements';
import { chosenWeek, effectivePreferences } from '../model/preferences';
import { LOAD_ERRORS } from '../model/schedule-forms';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember, PlanContent, TimeSource } from '../model/types';
import { STUDENT_TOOLTIPS, studentNotes, type StudentNote } from '../model/warnings';

const EMPTY_WEEK = WeekSlots.empty();

/** A placed lesson shows its icon only for warnings (the tooltip then lists every note). */
function lessonNotes(notes: StudentNote[]): StudentNote[] {
  return notes.some((n) => n.level === 'warning') ? notes : [];
}

/** Everything the grid and the sidebar derive from members, preferences and the plan. */
export function usePlannerView(
  members: readonly PlannerMember[],
  choices: Record<string, TimeSource>,
  plan: PlanContent,
  teacherTimes: TimesMap | null | undefined,
  notAssigned: readonly string[],
  reasons: Readonly<Record<string, string>> = {},
) {
  const byId = useMemo(() => new Map(members.map((m) => [m.member_id, m])), [members]);
  const names = useMemo(() => shortNames(members), [members]);
  const prefs = useMemo(() => effectivePreferences(members, choices), [members, choices]);
  const weeks = useMemo(() => new Map(members.map((m) => [m.member_id, chosenWeek(m, prefs[m.member_id]!)])), [members, prefs]);
  const teacherWeek = useMemo(() => WeekSlots.fromTimesMap(teacherTimes ?? {}, { strict: false }), [teacherTimes]);
  const placementById = useMemo(() => new Map(plan.placements.map((p) => [p.memberId, p])), [plan.placements]);
  const occupied = useMemo(() => occupiedWeek(plan), [plan]);

  const candidates = useMemo(
    () =>
      candidateCounts(
        members
          .filter((m) => !placementById.has(m.member_id))
          .map((m) => ({ memberId: m.member_id, times: weeks.get(m.member_id) ?? EMPTY_WEEK, length: lessonSlots(m.duration) })),
        occupied,
      ),
    [members, placementById, weeks, occupied],
  );
  const maxCount = useMemo(() => maxCandidates(candidates), [candidates]);

  const lessons = useMemo<LessonView[]>(() => {
    const views: LessonView[] = plan.placements.map((p) => {
      const member = byId.get(p.memberId);
      return {
        key: p.memberId,
        kind: 'lesson',
        memberId: p.memberId,
        name: member ? (names.get(p.memberId) ?? member.name) : LOAD_ERRORS.unknownMember,
        fullName: member?.name ?? LOAD_ERRORS.unknownMember,
        day: p.day,
        start: p.start,
        end: p.end,
        pinned: p.pinned,
        week: p.week ?? null,
        notes: lessonNotes(studentNotes({ member, placement: p, times: weeks.get(p.memberId) })),
      };
    });
    for (const e of plan.errors) {
      views.push({
        key: `error:${e.key}`,
        kind: 'error',
        memberId: e.memberId,
        name: e.name,
        fullName: e.name,
        day: e.day,
        start: e.start,
        end: e.end,
        pinned: false,
        notes: [{ text: e.unknownMember ? STUDENT_TOOLTIPS.missingData : PLANNER_TEXTS.errorEntryHint, level: 'warning' }],
      });
    }
    // Two biweekly lessons of different weeks at one time share the cells: each takes half of them.
    for (const v of views) {
      v.shared = Boolean(v.week) && views.some((o) => o !== v && o.week && o.week !== v.week && o.day === v.day && o.start < v.end && v.start < o.end);
    }
    return views;
  }, [plan, byId, names, weeks]);

  const panelNotes = useMemo(() => {
    const notAssignedSet = new Set(notAssigned);
    return new Map(
      members.map((m) => [
        m.member_id,
        studentNotes({
          member: m,
          placement: placementById.get(m.member_id),
          times: weeks.get(m.member_id),
          notAssigned: notAssignedSet.has(m.member_id),
          reason: reasons[m.member_id],
        }),
      ]),
    );
  }, [members, placementById, weeks, notAssigned, reasons]);

  /** Per member: name, lesson length, chosen times, placement, and whether they have a lesson every other week. */
  const lookups = useMemo(
    () => ({
      known: (memberId: string) => byId.has(memberId),
      nameOf: (memberId: string) => byId.get(memberId)?.name ?? 'Unbekannt',
      lengthOf: (memberId: string) => lessonSlots(byId.get(memberId)?.duration ?? 30),
      weekOf: (memberId: string) => weeks.get(memberId) ?? EMPTY_WEEK,
      placementOf: (memberId: string) => placementById.get(memberId),
      biweekly: (memberId: string) => byId.get(memberId)?.frequency === 'biweekly',
    }),
    [byId, weeks, placementById],
  );

  return { byId, names, prefs, weeks, teacherWeek, placementById, candidates, maxCount, lessons, panelNotes, lookups };
}
