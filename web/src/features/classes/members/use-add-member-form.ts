// The add-row's fields: an unregistered member by name and address, or a registered student picked from the search.
import { useState } from 'react';
import { toast } from '../../../shared/toast/toast-store';
import type { MemberFrequency, StudentSearchResult } from '../classes-api';
import { useAddMember } from '../member-mutations';
import { MEMBER_MESSAGES } from '../messages';
import { addMemberErrorMessage, parseDuration, validateDuration, validateMemberEmail, validateMemberName } from '../validation';
import { useStudentSearch } from './use-student-search';

export interface FieldErrors {
  email?: string | null;
  name?: string | null;
  duration?: string | null;
}

export function useAddMemberForm(classId: string, onAdded: () => void) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // docs/product/classes.md: a new add-row starts at 0, which is invalid until changed.
  const [duration, setDuration] = useState('0');
  const [frequency, setFrequency] = useState<MemberFrequency>('weekly');
  const [picked, setPicked] = useState<StudentSearchResult | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const addMember = useAddMember(classId);
  const search = useStudentSearch(email, picked);

  const pick = (student: StudentSearchResult) => {
    setPicked(student);
    setEmail(student.email);
    setName(student.name);
    const own = student.duration === null ? null : parseDuration(student.duration);
    if (own !== null) setDuration(String(own));
    search.stop(false);
    setErrors({});
  };

  /** After an addition: empty for the next student, who most likely has the same lesson length (the duration stays). */
  const reset = () => {
    search.stop(true);
    setEmail('');
    setName('');
    setFrequency('weekly');
    setPicked(null);
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

  /** A typed address drops a picked student (and the name that came with it). */
  const changeEmail = (value: string) => {
    setEmail(value);
    if (picked) {
      setPicked(null);
      setName('');
    }
    setErrors((x) => ({ ...x, email: null }));
  };
  const changeName = (value: string) => {
    setName(value);
    setErrors((x) => ({ ...x, name: null }));
  };
  const changeDuration = (value: string) => {
    setDuration(value);
    setErrors((x) => ({ ...x, duration: null }));
  };

  return {
    email,
    name,
    duration,
    frequency,
    picked,
    errors,
    search,
    changeEmail,
    changeName,
    changeDuration,
    setFrequency,
    pick,
    submit,
    submitting: addMember.isPending,
  };
}
