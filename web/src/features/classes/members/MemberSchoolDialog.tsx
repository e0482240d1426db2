// A member's needs, sites and family (docs/product/school.md "A member's needs, sites and family"): each 'wie die
// Klasse' (null) or an own choice; read from the member list, saved through the member update.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { equipmentQuery, sitesQuery } from '../../../shared/data/schools';
import { toast } from '../../../shared/toast/toast-store';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Input } from '../../../shared/ui/Input';
import { Spinner } from '../../../shared/ui/Spinner';
import type { MemberDto } from '../classes-api';
import { CheckList, equipmentOptions, type CheckOption } from '../CheckList';
import { useSaveMemberSchool, type ClassSchool } from '../class-school';
import { CLASS_SCHOOL_TEXTS as T } from '../school-texts';
import '../class-school.css';

interface MemberSchoolDialogProps {
  classId: string;
  /** Where the class teaches (its school's sites and equipment are offered). */
  classSchool: ClassSchool;
  member: MemberDto | null;
  onClose: () => void;
}

export function MemberSchoolDialog({ classId, classSchool, member, onClose }: MemberSchoolDialogProps) {
  const formId = useId();
  const save = useSaveMemberSchool(classId);
  if (!member) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={T.memberTitle(member.name)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <MemberSchoolForm key={member.member_id} formId={formId} classSchool={classSchool} member={member} save={save} onDone={onClose} />
    </Dialog>
  );
}

interface MemberSchoolFormProps {
  formId: string;
  classSchool: ClassSchool;
  member: MemberDto;
  save: ReturnType<typeof useSaveMemberSchool>;
  onDone: () => void;
}

function MemberSchoolForm({ formId, classSchool, member, save, onDone }: MemberSchoolFormProps) {
  const schoolId = classSchool.school_id;
  const sites = useQuery({ ...sitesQuery(schoolId ?? ''), enabled: Boolean(schoolId) });
  const equipment = useQuery({ ...equipmentQuery(schoolId ?? ''), enabled: Boolean(schoolId) });
  const [needs, setNeeds] = useState<string[] | null>(member.needs ?? null);
  const [memberSites, setMemberSites] = useState<string[] | null>(member.sites ?? null);
  const [family, setFamily] = useState(member.family ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const fields = { needs, family: family.trim() ? family : null, ...(schoolId ? { sites: memberSites } : {}) };
    save.mutate(
      { member, fields },
      {
        onSuccess: () => {
          toast.success(T.memberSaved(member.name));
          onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const loading = Boolean(schoolId) && (sites.isPending || equipment.isPending);
  const loadError = sites.error ?? equipment.error;
  return (
    <form id={formId} className="member-school" onSubmit={submit} aria-label={T.memberTitle(member.name)}>
      {loadError && <Alert kind="error" title={errorMessage(loadError)} />}
      {loading ? (
        <Spinner />
      ) : (
        <>
          <Choice
            legend={T.memberNeeds}
            value={needs}
            onChange={setNeeds}
            options={equipmentOptions(equipment.data ?? [], [...(needs ?? []), ...classSchool.needs])}
          />
          {schoolId ? (
            <Choice
              legend={T.memberSites}
              hint={T.memberSitesHint}
              value={memberSites}
              onChange={setMemberSites}
              options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          ) : (
            <p className="muted">{T.memberSitesNeedSchool}</p>
          )}
        </>
      )}
      <Input label={T.family} hint={T.familyHint} value={family} maxLength={100} onChange={(e) => setFamily(e.target.value)} />
      {error && <Alert kind="error" title={error} />}
    </form>
  );
}

interface ChoiceProps {
  legend: string;
  hint?: string;
  /** null: as the class has it. */
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  options: CheckOption[];
}

/** 'wie die Klasse' or an own choice of checkboxes. */
function Choice({ legend, hint, value, onChange, options }: ChoiceProps) {
  const name = useId();
  return (
    <fieldset className="member-school__part">
      <legend>{legend}</legend>
      <div className="member-school__mode">
        <label className="check-list__option">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
          {T.likeClass}
        </label>
        <label className="check-list__option">
          <input type="radio" name={name} checked={value !== null} onChange={() => onChange(value ?? [])} />
          {T.own}
        </label>
      </div>
      {value !== null && <CheckList legend={`${legend}: ${T.own}`} hint={hint} options={options} chosen={value} onChange={onChange} />}
    </fieldset>
  );
}
