// The school's administrators (docs/product/school.md "Administrators"): a list for everybody of the school; an
// administrator adds another teacher's account by its address and reads the API's German answer.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Card } from '../../shared/ui/Card';
import { Input } from '../../shared/ui/Input';
import { FormFooter } from './FormFooter';
import { LoadState } from './LoadState';
import { adminsQuery } from './school-api';
import { useAddAdmin } from './school-mutations';
import { SCHOOL_TEXTS as T } from './school-texts';

export function AdminsCard({ schoolId, admin }: { schoolId: string; admin: boolean }) {
  const admins = useQuery(adminsQuery(schoolId));
  return (
    <Card title={T.admins}>
      <LoadState queries={[admins]} />
      {admins.data?.length === 0 && <p className="muted">{T.noAdmins}</p>}
      {admins.data && admins.data.length > 0 && (
        <ul className="school-list" aria-label={T.admins}>
          {admins.data.map((a) => (
            <li key={a.user_id} className="school-item">
              <div className="school-item__text">
                <p className="school-item__name">{a.name}</p>
                <p className="school-item__meta">{a.email}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {admin && admins.data && (
        <section className="school-new" aria-label={T.newAdmin}>
          <h3 className="school-new__title">{T.newAdmin}</h3>
          <AdminForm schoolId={schoolId} />
        </section>
      )}
    </Card>
  );
}

function AdminForm({ schoolId }: { schoolId: string }) {
  const add = useAddAdmin(schoolId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(email.trim(), {
      onSuccess: (answer) => {
        // 'Zur Schulverwaltung hinzugefügt', or 'Gehört bereits zur Schulverwaltung'.
        if (answer) toast.success(answer.message);
        setEmail('');
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form className="form school-form school-admin-form" onSubmit={submit} aria-label={T.newAdmin} noValidate>
      <Input label={T.adminEmail} hint={T.adminHint} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
      <FormFooter error={error} pending={add.isPending} submit={T.addAdmin} />
    </form>
  );
}
