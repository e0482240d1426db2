// docs/product/classes.md 'Student*in hinzufügen': e-mail search/entry, name, duration and 'Hinzufügen';
// docs/product/classes.md Adding a student and Student search.
import { useId, type KeyboardEvent } from 'react';
import { Button } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { FrequencySelect } from './FrequencySelect';
import { useAddMemberForm } from './members/use-add-member-form';
import { MEMBER_MESSAGES } from './messages';

export { SEARCH_DEBOUNCE_MS } from './members/use-student-search';

export interface AddMemberRowProps {
  classId: string;
  onAdded: () => void;
  onCancel: () => void;
}

type AddMemberForm = ReturnType<typeof useAddMemberForm>;

/** Enter in any field of the row adds the member. */
const submitOnEnter = (form: AddMemberForm) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    form.submit();
  }
};

/** The address, which also searches registered students by address or name and lists what it finds. */
function EmailSearchCell({ form }: { form: AddMemberForm }) {
  const ids = useId();
  const { results, note } = form.search;
  return (
    <td data-label="E-Mail">
      <div className="add-row__search">
        <input
          id={`${ids}-email`}
          className={cx('control', 'control--sm')}
          type="email"
          aria-label="E-Mail oder Name suchen"
          placeholder="E-Mail oder Name suchen"
          autoComplete="off"
          value={form.email}
          aria-invalid={form.errors.email ? true : undefined}
          aria-describedby={`${ids}-email-note`}
          onChange={(e) => form.changeEmail(e.target.value)}
          onKeyDown={submitOnEnter(form)}
        />
        {results.length > 0 && (
          <ul className="search-results" aria-label="Gefundene Studierende">
            {results.map((r) => (
              <li key={r.user_id}>
                <button type="button" className="search-results__item" onClick={() => form.pick(r)}>
                  <span className="search-results__name">{r.name}</span>
                  <span className="search-results__email">{r.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <p id={`${ids}-email-note`} className={cx('add-row__note', form.errors.email && 'add-row__note--error')} aria-live="polite">
          {form.errors.email ?? note ?? (form.picked ? 'Registrierte*r Student*in' : null)}
        </p>
      </div>
    </td>
  );
}

/** Lesson length in minutes and how often. */
function DurationCell({ form }: { form: AddMemberForm }) {
  return (
    <td data-label="Dauer">
      <span className="inline-field inline-field--suffix">
        <input
          className="control control--sm inline-field__input inline-field__input--number"
          type="number"
          min={15}
          max={120}
          step={15}
          aria-label="Dauer in Minuten"
          value={form.duration}
          aria-invalid={form.errors.duration ? true : undefined}
          onChange={(e) => form.changeDuration(e.target.value)}
          onKeyDown={submitOnEnter(form)}
        />
        <span className="inline-field__suffix">min</span>
      </span>
      <FrequencySelect label={MEMBER_MESSAGES.newFrequencyLabel} value={form.frequency} onChange={form.setFrequency} disabled={form.submitting} />
      {form.errors.duration && <p className="add-row__note add-row__note--error">{form.errors.duration}</p>}
    </td>
  );
}

export function AddMemberRow({ classId, onAdded, onCancel }: AddMemberRowProps) {
  const form = useAddMemberForm(classId, onAdded);
  return (
    <tr className="add-row" data-testid="add-member-row">
      <EmailSearchCell form={form} />
      <td data-label="Name">
        <input
          className="control control--sm"
          aria-label="Name"
          placeholder="Vorname Nachname"
          value={form.name}
          readOnly={Boolean(form.picked)}
          aria-invalid={form.errors.name ? true : undefined}
          onChange={(e) => form.changeName(e.target.value)}
          onKeyDown={submitOnEnter(form)}
        />
        {form.errors.name && <p className="add-row__note add-row__note--error">{form.errors.name}</p>}
      </td>
      <DurationCell form={form} />
      <td className="add-row__spacer" aria-hidden="true" />
      <td className="add-row__spacer" aria-hidden="true" />
      <td data-label="Aktionen">
        <div className="row-actions">
          <Button size="sm" onClick={form.submit} loading={form.submitting}>
            Hinzufügen
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={form.submitting}>
            Abbrechen
          </Button>
        </div>
      </td>
    </tr>
  );
}
