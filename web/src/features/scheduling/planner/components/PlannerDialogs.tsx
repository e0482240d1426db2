import type { Planner } from '../hooks/use-planner';
import { describeSpan } from '../model/describe';
import { CalcErrorDialog } from './CalcErrorDialog';
import { FixesDialog } from './FixesDialog';
import { LoadDialog } from './LoadDialog';
import { OverrideDialog } from './OverrideDialog';
import { OverwriteDialog } from './OverwriteDialog';
import { SaveDialog } from './SaveDialog';

/** The dialogs of step 4 and the status line that announces the drop flow. */
export function PlannerDialogs({ p, onEditTimes }: { p: Planner; onEditTimes?: () => void }) {
  const { flow, fixes, schedule, calc, view, state } = p;
  const { nameOf } = view.lookups;
  return (
    <>
      <OverrideDialog
        open={flow.override !== null}
        name={flow.override ? nameOf(flow.override.memberId) : ''}
        when={flow.override ? describeSpan(flow.override.day, flow.override.start, flow.override.length) : ''}
        onCancel={flow.cancelOverride}
        onConfirm={flow.confirmOverride}
      />
      <p className="visually-hidden planner-status" role="status">
        {flow.announcement}
      </p>
      <FixesDialog
        target={fixes.target}
        nameOf={(id) => view.names.get(id) ?? ''}
        onClose={fixes.close}
        onApplyTeacherTime={fixes.applyTeacherTime}
        onAskStudent={fixes.askStudent}
        onInvite={fixes.invite}
        onMove={fixes.move}
      />
      <CalcErrorDialog error={calc.error} onClose={calc.closeError} onEditTimes={onEditTimes} onTakeBest={calc.takeBest} />
      <SaveDialog
        state={schedule.saveDialog}
        busy={schedule.saveBusy}
        semesterCost={schedule.semesterCost}
        sendCounts={schedule.sendCounts}
        onClose={schedule.closeSave}
        onSubmit={(n, d, u) => void schedule.submitSave(n, d, u)}
      />
      <OverwriteDialog
        name={schedule.overwrite ? schedule.overwrite.payload.name : null}
        busy={schedule.overwriteBusy}
        onCancel={schedule.cancelOverwrite}
        onConfirm={() => void schedule.confirmOverwrite()}
      />
      <LoadDialog
        open={p.ui.loadOpen}
        schedules={p.data.schedules.data}
        loading={p.data.schedules.isPending}
        failed={p.data.schedules.isError}
        currentId={state.current.id}
        dirty={state.dirty}
        onClose={() => p.set.loadDialog(false)}
        onLoad={async (s) => {
          if (await schedule.loadSchedule(s.id)) p.set.loadDialog(false);
        }}
        onDelete={schedule.deleteSchedule}
        deletingId={schedule.deletingId}
      />
    </>
  );
}
