import { useState } from 'react';
import { defaultVisibleRange, type SlotRange } from '../availability';
import { MOBILE_QUERY } from '../../shared/hooks/use-media-query';
import { cx } from '../../shared/ui/cx';
import { SCHEDULING_TEXTS } from './scheduling-texts';
import { SchedulingSidebar } from './SchedulingSidebar';
import { TeacherTimesStep } from './TeacherTimesStep';
import { TimeRangeStep } from './TimeRangeStep';
import type { StepData } from './use-step-data';
import type { StepSaves } from './use-step-saves';

function startsOnMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

/** The sidebar's state and the shown rows of steps 2 and 3: kept by the page, so they survive a change of step. */
export function useEditLayout() {
  const [visibleRange, setVisibleRange] = useState<SlotRange>(defaultVisibleRange);
  const [sidebarOpen, setSidebarOpen] = useState(() => !startsOnMobile());
  return { visibleRange, setVisibleRange, sidebarOpen, toggleSidebar: () => setSidebarOpen((o) => !o) };
}

interface Props {
  layout: ReturnType<typeof useEditLayout>;
  step: 2 | 3;
  classId: string;
  data: StepData;
  saves: StepSaves;
  goTo: (step: 3 | 4) => void;
}

/** Steps 2 (the teacher's times) and 3 (the students' time range) beside the scheduling sidebar. */
export function EditSteps({ layout, step, classId, data, saves, goTo }: Props) {
  const { visibleRange, setVisibleRange, sidebarOpen } = layout;
  const { edits, dispatch, currentTimes } = saves;
  return (
    <div className={cx('sched-layout', !sidebarOpen && 'sched-layout--collapsed')}>
      <SchedulingSidebar
        open={sidebarOpen}
        onToggle={layout.toggleSidebar}
        classId={classId}
        className={data.className}
        visibleRange={visibleRange}
        onVisibleRangeChange={setVisibleRange}
        teacherTimes={currentTimes}
        range={data.range}
      />
      <div className="sched-main">
        {step === 2 ? (
          <TeacherTimesStep
            classId={classId}
            className={data.className}
            times={currentTimes}
            dirty={saves.teacherDirty}
            saving={saves.saving}
            error={edits.timesError}
            visibleRange={visibleRange}
            onChange={(draft) => dispatch({ type: 'teacherDraft', draft })}
            onSave={() => void saves.saveTeacher()}
            onDiscard={() => dispatch({ type: 'teacherDraft', draft: null })}
            onNext={() => {
              if (currentTimes.isEmpty()) dispatch({ type: 'timesError', error: SCHEDULING_TEXTS.atLeastOneTime });
              else goTo(3);
            }}
          />
        ) : (
          <TimeRangeStep
            key={classId}
            className={data.className}
            teacherTimes={data.savedTimes!}
            range={data.range!}
            remembered={data.remembered}
            canSubmit={data.facts.hasClass && data.facts.hasTimes}
            visibleRange={visibleRange}
            saving={saves.saving}
            custom={{ ...edits.custom, base: saves.customBase }}
            onOpenCustom={() => dispatch({ type: 'customOpen' })}
            onCloseCustom={() => dispatch({ type: 'customClose' })}
            onCustomChange={(draft) => dispatch({ type: 'customDraft', draft })}
            onSubmit={saves.saveRange}
            onNext={() => goTo(4)}
          />
        )}
      </div>
    </div>
  );
}
