import { useId } from 'react';
import type { Planner } from '../hooks/use-planner';
import { hasTwoSources } from '../model/preferences';
import { CalculateButton } from './CalculateButton';
import { PlannerSidebar } from './PlannerSidebar';
import { PlannerToolbar } from './PlannerToolbar';
import { PriorityChoice } from './PriorityChoice';
import { ScheduleMeta } from './ScheduleMeta';
import { StableSwitch } from './StableSwitch';
import { StudentList } from './StudentList';
import { StudentPanel } from './StudentPanel';
import { TeacherPanel } from './TeacherPanel';
import { TimeRangeControl } from './TimeRangeControl';
import { WiggleRoomControl } from './WiggleRoomControl';

/** The sidebar of step 4 with its parts: actions, the plan's name, the calculation, the range, teacher and students. */
export function PlannerSidebarArea({ p }: { p: Planner }) {
  const id = useId();
  const { state, schedule, ui, set, view, dnd, selection } = p;
  const busy = !p.data.members.isSuccess;
  return (
    <PlannerSidebar
      id={id}
      classId={p.classId}
      className={p.className}
      open={ui.sidebarOpen}
      onToggle={set.toggleSidebar}
      membersFailed={p.data.members.isError}
      toolbar={
        <PlannerToolbar
          dirty={state.dirty}
          disabled={busy}
          pdfBusy={schedule.pdfBusy}
          onLoad={() => set.loadDialog(true)}
          onSave={() => schedule.openSave('save')}
          onPdf={() => void schedule.downloadPdf()}
          onSend={() => schedule.openSave('send')}
        />
      }
      meta={
        <ScheduleMeta
          key={`${state.current.id}|${state.current.name}|${state.current.description}`}
          name={state.current.name}
          description={state.current.description}
          saved={state.current.id !== null}
          onCommit={schedule.changeMeta}
        />
      }
      calculation={
        <div className="planner-section">
          <WiggleRoomControl value={ui.wiggle} onChange={set.wiggle} />
          {p.marks.showPreferred && <PriorityChoice value={ui.priority} onChange={set.priority} />}
          {p.stable.baseId && <StableSwitch checked={p.stable.stable} onChange={p.stable.setStable} baseName={p.stable.baseName ?? ''} />}
          <CalculateButton running={p.calc.running} progress={p.calc.progress} disabled={busy} onClick={p.calc.run} />
        </div>
      }
      range={<TimeRangeControl value={ui.range} onChange={set.range} compact={ui.compact} onCompactChange={set.compact} />}
      teacher={<TeacherPanel week={view.teacherWeek} />}
      students={
        <StudentList
          loading={p.data.members.isPending}
          count={p.members.length}
          placedCount={p.members.filter((m) => view.placementById.has(m.member_id)).length}
          acceptsLesson={dnd.active?.kind === 'lesson'}
          over={dnd.overUnplace}
        >
          {p.members.map((m) => (
            <StudentPanel
              key={m.member_id}
              member={m}
              shortName={view.names.get(m.member_id) ?? m.name}
              placed={view.placementById.has(m.member_id)}
              highlighted={p.highlightId === m.member_id}
              selected={selection.selectedStudentId === m.member_id}
              onSelect={selection.selectStudent}
              twoSources={hasTwoSources(m)}
              preference={view.prefs[m.member_id]!}
              notes={view.panelNotes.get(m.member_id) ?? []}
              onPreference={set.preference}
              onHover={p.hover.track}
              onUnplace={p.undo.removeLesson}
              onFixes={state.fixes[m.member_id] && state.notAssigned.includes(m.member_id) ? p.fixes.open : undefined}
            />
          ))}
        </StudentList>
      }
    />
  );
}
