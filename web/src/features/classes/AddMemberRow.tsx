// docs/product/classes.md 'Student*in hinzufügen': e-mail search/entry, name, duration and 'Hinzufügen';
// docs/product/classes.md Adding a student and Student search.
import { useEffect, useId, useRef, useState } from 'react';
import { isAbortError } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { classesApi, type MemberFrequency, type StudentSearchResult } from './classes-api';
import { FrequencySelect } from './FrequencySelect';
import { useAddMember } from './member-mutations';
import { MEMBER_MESSAGES } from './messages';
import { addMemberErrorMessage, checkSearchQuery, parseDuration, validateDuration, validateMemberEmail, validateMemberName } from './validation';

/** docs/product/limits.md: the student search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

interface FieldErrors {
  email?: string | null;
  name?: string | null;
  duration?: string | null;
}

export interface AddMemberRowProps {
  classId: string;
  onAdded: () => void;
  onCancel: () => void;
}

type SearchState = { status: 'idle' } | { status: 'hint'; text: string } | { status: 'loading' } | { status: 'done'; results: StudentSearchResult[] };

export function AddMemberRow({ classId, onAdded, onCancel }: AddMemberRowProps) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // docs/product/classes.md: a new add-row starts at 0, which is invalid until changed.
  const [duration, setDuration] = useState('0');
  const [frequency, setFrequency] = useState<MemberFrequency>('weekly');
  const [picked, setPicked] = useState<StudentSearchResult | null>(null);
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const addMember = useAddMember(classId);
  const submitting = addMember.isPending;
  const lastResults = useRef<StudentSearchResult[]>([]);
  const searchSeq = useRef(0);
  const ids = useId();

  // Debounced search (docs/product/classes.md Student search).
  useEffect(() => {
    const entry = email.trim().toLowerCase();
    if (!entry) {
      setSearch({ status: 'idle' });
      return;
    }
    if (picked && picked.email.toLowerCase() === entry) return;
    // No search when the entry already matches a listed result.
    if (lastResults.current.some((r) => r.email.toLowerCase() === entry)) return;
    const timer = setTimeout(() => {
      const check = checkSearchQuery(entry);
      if (!check.ok) {
        setSearch({ status: 'hint', text: check.error });
        return;
      }
      const seq = ++searchSeq.current;
      setSearch({ status: 'loading' });
      classesApi
        .searchStudents(check.query)
        .then((results) => {
          if (seq !== searchSeq.current) return;
          lastResults.current = results;
          setSearch({ status: 'done', results });
        })
        .catch((error: unknown) => {
          if (seq !== searchSeq.current || isAbortError(error)) return;
          setSearch({ status: 'idle' });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, picked]);

  const pick = (student: StudentSearchResult) => {
    searchSeq.current++;
    setPicked(student);
    setEmail(student.email);
    setName(student.name);
    const own = student.duration === null ? null : parseDuration(student.duration);
    if (own !== null) setDuration(String(own));
    setSearch({ status: 'idle' });
    setErrors({});
  };

  const reset = () => {
    searchSeq.current++;
    lastResults.current = [];
    setEmail('');
    setName('');
    setDuration('0');
    setFrequency('weekly');
    setPicked(null);
    setSearch({ status: 'idle' });
    setErrors({});
  };

  const submit = () => {
    const durationError = validateDuration(duration);
    const next: FieldErrors = picked
      ? { duration: durationError }
      : { name: validateMemberName(name, 'add'), email: validateMemberEmail(email, false), duration: durationError };
    setErrors(next);
    if (next.name || next.email || next.duration) return;
    const minutes = parseDuration(duration)!;
    addMember.mutate(
      picked
        ? { registeredUserId: picked.user_id, duration: minutes, frequency }
        : { name: name.trim(), duration: minutes, email: email.trim().toLowerCase() || null, frequency },
      {
        onSuccess: (answer) => {
          toast.success(answer?.message || MEMBER_MESSAGES.added);
          reset();
          onAdded();
        },
        onError: (error) => toast.error(addMemberErrorMessage(error)),
      },
    );
  };

  const results = search.status === 'done' ? search.results : [];
  const searchNote =
    search.status === 'hint'
      ? search.text
      : search.status === 'loading'
        ? 'Suche…'
        : search.status === 'done' && results.length === 0
          ? MEMBER_MESSAGES.noStudentsFound
          : null;

  return (
    <tr className="add-row" data-testid="add-member-row">
      <td data-label="E-Mail">
        <div className="add-row__search">
          <input
            id={`${ids}-email`}
            className={cx('control', 'control--sm')}
            type="email"
            aria-label="E-Mail oder Name suchen"
            placeholder="E-Mail oder Name suchen"
            autoComplete="off"
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={`${ids}-email-note`}
            onChange={(e) => {
              setEmail(e.target.value);
              if (picked) {
                setPicked(null);
                setName('');
              }
              setErrors((x) => ({ ...x, email: null }));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          {results.length > 0 && (
            <ul className="search-results" aria-label="Gefundene Studierende">
              {results.map((r) => (
                <li key={r.user_id}>
                  <button type="button" className="search-results__item" onClick={() => pick(r)}>
                    <span className="search-results__name">{r.name}</span>
                    <span className="search-results__email">{r.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p id={`${ids}-email-note`} className={cx('add-row__note', errors.email && 'add-row__note--error')} aria-live="polite">
            {errors.email ?? searchNote ?? (picked ? 'Registrierte*r Student*in' : null)}
          </p>
        </div>
      </td>
      <td data-label="Name">
        <input
          className="control control--sm"
          aria-label="Name"
          placeholder="Vorname Nachname"
          value={name}
          readOnly={Boolean(picked)}
          aria-invalid={errors.name ? true : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: null }));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
        {errors.name && <p className="add-row__note add-row__note--error">{errors.name}</p>}
      </td>
      <td data-label="Dauer">
        <span className="inline-field inline-field--suffix">
          <input
            className="control control--sm inline-field__input inline-field__input--number"
            type="number"
            min={15}
            max={120}
            step={15}
            aria-label="Dauer in Minuten"
            value={duration}
            aria-invalid={errors.duration ? true : undefined}
            onChange={(e) => {
              setDuration(e.target.value);
              setErrors((x) => ({ ...x, duration: null }));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <span className="inline-field__suffix">min</span>
        </span>
        <FrequencySelect label={MEMBER_MESSAGES.newFrequencyLabel} value={frequency} onChange={setFrequency} disabled={submitting} />
        {errors.duration && <p className="add-row__note add-row__note--error">{errors.duration}</p>}
      </td>
      <td className="add-row__spacer" aria-hidden="true" />
      <td className="add-row__spacer" aria-hidden="true" />
      <td data-label="Aktionen">
        <div className="row-actions">
          <Button size="sm" onClick={submit} loading={submitting}>
            Hinzufügen
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={submitting}>
            Abbrechen
          </Button>
        </div>
      </td>
    </tr>
  );
}
