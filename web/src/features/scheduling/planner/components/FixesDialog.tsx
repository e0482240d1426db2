import { useId, useState } from 'react';
import { Button, Dialog } from '../../../../shared/ui';
import { FIX_TEXTS, fixSentence, fixWindowLong, moveTarget, type FixInfo, type MoveFix, type StudentFix, type TimeFix } from '../model/fixes';

export interface FixesTarget {
  memberId: string;
  /** The short name used in the sentences ('Lena'). */
  name: string;
  fullName: string;
  info: FixInfo;
  /** A verified member with an e-mail address: "Um weitere Zeiten bitten" can mail them. */
  canAsk: boolean;
}

interface Props {
  target: FixesTarget | null;
  /** The short name of another member (the one a `move_other` fix moves). */
  nameOf: (memberId: string) => string;
  onClose: () => void;
  /** Adds the window to the teacher's times (and the range) and recalculates; rejects with a German message. */
  onApplyTeacherTime: (fix: TimeFix) => Promise<void>;
  /** Mails the student the window; resolves to the German answer, rejects with the German refusal. */
  onAskStudent: (memberId: string, fix: TimeFix) => Promise<string>;
  onMove: (memberId: string, fix: MoveFix) => void;
}

type Status = { text: string; tone: 'ok' | 'error' } | null;

/** docs/product/planning.md "Fixes": "Was hilft?" lists each verified single change in plain German, with its action. */
export function FixesDialog({ target, nameOf, onClose, onApplyTeacherTime, onAskStudent, onMove }: Props) {
  const statusId = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [asked, setAsked] = useState<Set<number>>(() => new Set());

  const close = () => {
    setStatus(null);
    setAsked(new Set());
    onClose();
  };

  const run = async (index: number, action: () => Promise<string | void>, keepOpen: boolean) => {
    setBusy(index);
    setStatus(null);
    try {
      const text = await action();
      if (keepOpen) setStatus(text ? { text, tone: 'ok' } : null);
      else close();
    } catch (e) {
      setStatus({ text: e instanceof Error && e.message ? e.message : FIX_TEXTS.applyFailed, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const action = (fix: StudentFix, index: number, t: FixesTarget) => {
    switch (fix.kind) {
      case 'teacher_time':
        return (
          <Button
            size="sm"
            loading={busy === index}
            disabled={busy !== null}
            aria-label={FIX_TEXTS.applyTeacherLabel(fixWindowLong(fix))}
            onClick={() => void run(index, () => onApplyTeacherTime(fix), false)}
          >
            {FIX_TEXTS.applyTeacher}
          </Button>
        );
      case 'student_time':
        return t.canAsk ? (
          <Button
            size="sm"
            variant="secondary"
            loading={busy === index}
            disabled={busy !== null || asked.has(index)}
            aria-label={FIX_TEXTS.askStudentLabel(t.fullName, fixWindowLong(fix))}
            onClick={() =>
              void run(
                index,
                async () => {
                  const text = await onAskStudent(t.memberId, fix);
                  setAsked((a) => new Set(a).add(index));
                  return text;
                },
                true,
              )
            }
          >
            {FIX_TEXTS.askStudent}
          </Button>
        ) : (
          <p className="fixes__hint">{FIX_TEXTS.askNotPossible(t.fullName)}</p>
        );
      case 'move_other': {
        const other = nameOf(fix.member_id) || fix.name;
        return (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy !== null}
            aria-label={FIX_TEXTS.moveLabel(other, moveTarget(fix))}
            onClick={() => {
              onMove(t.memberId, fix);
              close();
            }}
          >
            {FIX_TEXTS.move}
          </Button>
        );
      }
      case 'shorter':
        return <p className="fixes__hint">{FIX_TEXTS.shorterHint}</p>;
    }
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      size="md"
      title={target ? FIX_TEXTS.title(target.fullName) : ''}
      footer={
        <Button variant="secondary" onClick={close} data-autofocus>
          {FIX_TEXTS.close}
        </Button>
      }
    >
      {target && (
        <div className="fixes" data-testid="fixes-dialog">
          {target.info.fixes.length === 0 ? (
            <p className="fixes__none">{FIX_TEXTS.none}</p>
          ) : (
            <>
              <p className="fixes__lead">{FIX_TEXTS.lead}</p>
              <ul className="fixes__list">
                {target.info.fixes.map((fix, i) => (
                  <li key={`${fix.kind}-${i}`} className="fixes__item" data-kind={fix.kind}>
                    <p className="fixes__sentence">
                      {fixSentence(fix, target.name, fix.kind === 'move_other' ? nameOf(fix.member_id) || fix.name : undefined)}
                    </p>
                    <div className="fixes__action">{action(fix, i, target)}</div>
                  </li>
                ))}
              </ul>
            </>
          )}
          {!target.info.complete && <p className="fixes__incomplete">{FIX_TEXTS.incomplete}</p>}
          <p id={statusId} className={status?.tone === 'error' ? 'fixes__status fixes__status--error' : 'fixes__status'} role="status" aria-live="polite">
            {status?.text ?? ''}
          </p>
        </div>
      )}
    </Dialog>
  );
}
