import { useId, useState } from 'react';
import { Button, Dialog } from '../../../../shared/ui';
import { FIX_TEXTS, fixSentence, fixWindowLong, moveTarget, type FixInfo, type MoveFix, type StudentFix, type TimeFix } from '../model/fixes';

export interface FixesTarget {
  memberId: string;
  /** The short name used in the sentences ('Lena'). */
  name: string;
  fullName: string;
  info: FixInfo;
  /**
   * 'ask': a verified member with an e-mail address ("Um weitere Zeiten bitten" mails them); 'invite': not registered,
   * with an e-mail address ('Einladung senden'); 'unregistered': not registered, no address; 'unverified': registered
   * but not verified.
   */
  contact: 'ask' | 'invite' | 'unregistered' | 'unverified';
  email: string | null;
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
  /** Mails the member the invitation to register; resolves to the German answer, rejects with the German refusal. */
  onInvite: (memberId: string) => Promise<string>;
  onMove: (memberId: string, fix: MoveFix) => void;
}

type Status = { text: string; tone: 'ok' | 'error' } | null;

/** docs/product/planning.md "Fixes": "Was hilft?" lists each verified single change in plain German, with its action. */
export function FixesDialog({ target, nameOf, onClose, onApplyTeacherTime, onAskStudent, onInvite, onMove }: Props) {
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

  const invite = (index: number, memberId: string) =>
    void run(
      index,
      async () => {
        const text = await onInvite(memberId);
        setAsked((a) => new Set(a).add(index));
        return text;
      },
      true,
    );

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
        return t.contact === 'ask' ? (
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
          <StudentTimeHint target={t} busy={busy !== null} loading={busy === index} sent={asked.has(index)} onInvite={() => invite(index, t.memberId)} />
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

/** A `student_time` fix of a member who cannot be asked by mail: why not, and 'Einladung senden' when that helps. */
function StudentTimeHint({
  target,
  busy,
  loading,
  sent,
  onInvite,
}: {
  target: FixesTarget;
  busy: boolean;
  loading: boolean;
  sent: boolean;
  onInvite: () => void;
}) {
  if (target.contact === 'invite' && target.email)
    return (
      <>
        <p className="fixes__hint">{FIX_TEXTS.notRegistered(target.fullName)}</p>
        <Button
          size="sm"
          variant="secondary"
          loading={loading}
          disabled={busy || sent}
          aria-label={FIX_TEXTS.inviteLabel(target.fullName, target.email)}
          onClick={onInvite}
        >
          {FIX_TEXTS.invite}
        </Button>
      </>
    );
  if (target.contact === 'unregistered') return <p className="fixes__hint">{FIX_TEXTS.notRegisteredNoMail(target.fullName)}</p>;
  return <p className="fixes__hint">{FIX_TEXTS.askNotPossible(target.fullName)}</p>;
}
