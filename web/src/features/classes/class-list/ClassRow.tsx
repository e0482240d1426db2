import { Button } from '../../../shared/ui/Button';
import { cx } from '../../../shared/ui/cx';
import type { ClassDto, LocalClass } from '../classes-api';
import { ClassSchoolPanel } from '../ClassSchoolPanel';
import { DeadlinePanel } from '../DeadlinePanel';
import { Icons, IconButton } from '../local-ui';
import { answeredText } from '../member-utils';
import { MembersPanel } from '../MembersPanel';
import { CLASS_MESSAGES } from '../messages';
import { SemesterPanel } from '../SemesterPanel';

export const CLASS_COLUMNS = 4;

interface ClassRowProps {
  cls: ClassDto | LocalClass;
  open: boolean;
  /** The member count: the open panel's own count once it has loaded. */
  count: number | null | undefined;
  deleting: boolean;
  rowRef: (el: HTMLTableRowElement | null) => void;
  onToggle: () => void;
  onEdit: (cls: ClassDto) => void;
  onDelete: (cls: ClassDto) => void;
  onDismiss: (classId: string) => void;
  onSaved: (cls: ClassDto) => void;
  onMembersChanged: () => void;
  onCountChange: (count: number) => void;
}

/** The name cell: the toggle with the class's name, its state while it is being created, and its registration code. */
function NameCell({ cls, open, status, onToggle }: { cls: ClassDto | LocalClass; open: boolean; status: LocalClass['_status'] | null; onToggle: () => void }) {
  return (
    <td data-label="Klasse/Kurs">
      <div className="class-row__name-cell">
        <button
          type="button"
          className="class-row__toggle"
          aria-expanded={status ? undefined : open}
          disabled={Boolean(status)}
          onClick={(e) => {
            e.stopPropagation();
            onToggle();
          }}
        >
          <span className="class-row__chevron" aria-hidden="true">
            {Icons.chevron}
          </span>
          <span className="class-row__name">{cls.name}</span>
        </button>
        {status === 'pending' && <span className="class-row__status">{CLASS_MESSAGES.pending}</span>}
        {status === 'failed' && <span className="class-row__status class-row__status--failed">{CLASS_MESSAGES.failed}</span>}
      </div>
      {cls.register_shortcut && (
        <code className="class-row__code" title="Registrierungscode">
          {cls.register_shortcut}
        </code>
      )}
      {status === 'failed' && <p className="class-row__sync">{CLASS_MESSAGES.syncFailed}</p>}
    </td>
  );
}

/** A class of the table and, when open, its deadline, semester and member panels below it. */
export function ClassRow({
  cls,
  open,
  count,
  deleting,
  rowRef,
  onToggle,
  onEdit,
  onDelete,
  onDismiss,
  onSaved,
  onMembersChanged,
  onCountChange,
}: ClassRowProps) {
  const status = '_status' in cls ? cls._status : null;
  const answered = answeredText(cls.answered_count, cls.member_count);
  return (
    <>
      <tr
        ref={rowRef}
        className={cx('class-row', open && 'class-row--open', status && `class-row--${status}`)}
        data-testid={`class-row-${cls.class_id}`}
        onClick={onToggle}
      >
        <NameCell cls={cls} open={open} status={status} onToggle={onToggle} />
        <td data-label="Beschreibung" className="class-row__description">
          {cls.description || '---'}
        </td>
        <td data-label="Anzahl Studierende" className="class-row__count">
          <span className="class-row__count-number">{typeof count === 'number' ? count : '...'}</span>
          {answered && (
            <span className="class-row__answered" data-testid={`answered-${cls.class_id}`}>
              {answered}
            </span>
          )}
        </td>
        <td data-label="Aktionen" onClick={(e) => e.stopPropagation()}>
          <div className="row-actions row-actions--end">
            {status === 'failed' ? (
              <Button size="sm" variant="ghost" onClick={() => onDismiss(cls.class_id)}>
                Verwerfen
              </Button>
            ) : (
              <>
                <IconButton label={`${cls.name} bearbeiten`} icon={Icons.pencil} onClick={() => onEdit(cls)} disabled={Boolean(status)} />
                <IconButton
                  label={`${cls.name} löschen`}
                  icon={Icons.trash}
                  tone="danger"
                  onClick={() => onDelete(cls)}
                  disabled={Boolean(status) || deleting}
                />
              </>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr className="class-row__details">
          <td colSpan={CLASS_COLUMNS}>
            <DeadlinePanel key={`${cls.deadline}-${cls.allow_late_changes}-${cls.auto_reminders}`} cls={cls} onSaved={(next) => onSaved({ ...cls, ...next })} />
            <SemesterPanel classId={cls.class_id} className={cls.name} />
            <ClassSchoolPanel classId={cls.class_id} />
            <MembersPanel cls={cls} onMembersChanged={onMembersChanged} onCountChange={onCountChange} />
          </td>
        </tr>
      )}
    </>
  );
}
